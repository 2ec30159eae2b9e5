import ActionDispatch
import ActionDispatchTesting
import Foundation
import GitHubAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A recording `HTTPClient` for unit tests: every request is recorded before the handler
/// answers it, so a test can count the requests a call made (zero for an invalid username).
package final class StubHTTPClient: HTTPClient {
  package typealias Handler = @Sendable (HTTPRequest) async throws -> HTTPResponse

  private struct State {
    var requests: [HTTPRequest] = []
    var inFlight = 0
    var maxInFlight = 0
  }

  private let state = LockedState(State())
  private let handler: Handler

  package init(_ handler: @escaping Handler) {
    self.handler = handler
  }

  /// Answers with the given responses in turn; the last one repeats.
  package convenience init(sequence: [Result<HTTPResponse, any Error>]) {
    let index = LockedState(0)
    self.init { _ in
      let position = index.withLock { value -> Int in
        defer { value += 1 }
        return value
      }
      return try sequence[min(position, sequence.count - 1)].get()
    }
  }

  /// Always answers with one response.
  package convenience init(always response: HTTPResponse) {
    self.init { _ in response }
  }

  package var requests: [HTTPRequest] { state.withLock { $0.requests } }
  package var requestCount: Int { state.withLock { $0.requests.count } }
  package var maxInFlight: Int { state.withLock { $0.maxInFlight } }
  package var urls: [String] { requests.map { $0.absoluteURL?.absoluteString ?? "<relative>" } }

  package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    state.withLock { state in
      state.requests.append(request)
      state.inFlight += 1
      state.maxInFlight = max(state.maxInFlight, state.inFlight)
    }
    defer { state.withLock { $0.inFlight -= 1 } }
    return try await handler(request)
  }
}

extension HTTPResponse {
  package static func json(_ body: String, headers: [String: String] = [:]) -> HTTPResponse {
    json(200, body, headers: headers)
  }

  package static func json(_ status: Int, _ body: String, headers: [String: String] = [:]) -> HTTPResponse {
    var all = ["Content-Type": "application/json; charset=utf-8"]
    all.merge(headers) { _, new in new }
    return HTTPResponse(statusCode: status, headers: all, body: Data(body.utf8))
  }
}

/// GitHub-shaped JSON for stubs.
package enum GitHubJSON {
  package static func follower(_ login: String, id: Int) -> String {
    """
    {"login":"\(login)","id":\(id),"node_id":"MDQ6VXNlcj\(id)=","avatar_url":"https://avatars.githubusercontent.com/u/\(id)?v=4",\
    "gravatar_id":"","url":"https://api.github.com/users/\(login)","html_url":"https://github.com/\(login)",\
    "followers_url":"https://api.github.com/users/\(login)/followers",\
    "following_url":"https://api.github.com/users/\(login)/following{/other_user}",\
    "gists_url":"https://api.github.com/users/\(login)/gists{/gist_id}",\
    "type":"User","user_view_type":"public","site_admin":false}
    """
  }

  package static func followers(_ logins: [String], firstID: Int = 1) -> String {
    "[" + logins.enumerated().map { follower($1, id: firstID + $0) }.joined(separator: ",") + "]"
  }

  /// Followers `prefix-1 ... prefix-count` (as the fake server names them).
  package static func followers(page: Int, perPage: Int, prefix: String = "f") -> String {
    let first = (page - 1) * perPage + 1
    return followers((first..<(first + perPage)).map { "\(prefix)-\($0)" }, firstID: first)
  }

  /// The octocat profile as `GET /users/octocat` returns it, nulls included.
  package static let octocatProfile = """
    {
      "login": "octocat", "id": 583231, "node_id": "MDQ6VXNlcjU4MzIzMQ==",
      "avatar_url": "https://avatars.githubusercontent.com/u/583231?v=4", "gravatar_id": "",
      "url": "https://api.github.com/users/octocat", "html_url": "https://github.com/octocat",
      "followers_url": "https://api.github.com/users/octocat/followers",
      "following_url": "https://api.github.com/users/octocat/following{/other_user}",
      "type": "User", "user_view_type": "public", "site_admin": false,
      "name": "The Octocat", "company": "@github", "blog": "https://github.blog",
      "location": "San Francisco", "email": null, "hireable": null, "bio": null,
      "twitter_username": null, "public_repos": 8, "public_gists": 8,
      "followers": 21546, "following": 9,
      "created_at": "2011-01-25T18:44:36Z", "updated_at": "2025-05-22T11:33:03Z"
    }
    """
}

extension URL {
  /// A URL from a literal known to be valid in a test.
  package init(_ literal: StaticString) {
    self.init(string: "\(literal)")!
  }
}

/// Hangs until the calling task is cancelled, then throws `CancellationError`: an HTTP
/// request that never answers. `clock.waitForSleepers(n)` tells that `n` requests hang.
package func hangUntilCancelled(on clock: TestClock) async throws -> HTTPResponse {
  try await clock.sleep(for: .seconds(1_000_000))
  throw CancellationError()
}

/// The `page` query item of a request's URL; 1 when it has none.
package func pageNumber(_ request: HTTPRequest) -> Int {
  let items = URLComponents(url: request.absoluteURL!, resolvingAgainstBaseURL: false)?.queryItems ?? []
  return items.first { $0.name == "page" }.flatMap { $0.value.flatMap(Int.init) } ?? 1
}
