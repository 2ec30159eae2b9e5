import ActionDispatch
import ActionDispatchTesting
import FakeGitHubServer
import Foundation
import GitHubAPI
import GitHubAPITestSupport
import Testing

@Suite struct GitHubClientCacheTests {
  /// A server that answers 304 when `If-None-Match` matches its ETag.
  static func conditionalServer(etag: String = #"W/"v1""#, link: String? = nil) -> StubHTTPClient {
    StubHTTPClient { request in
      if request.value(forHTTPHeaderField: "If-None-Match") == etag {
        return HTTPResponse(statusCode: 304, headers: ["ETag": etag])
      }
      var headers = ["ETag": etag]
      headers["Link"] = link
      return .json(GitHubJSON.followers(["a", "b", "c"]), headers: headers)
    }
  }

  func client(_ http: StubHTTPClient, token: String? = nil) -> GitHubClient {
    GitHubClient(configuration: .init(token: token, clock: ImmediateClock()), httpClient: http)
  }

  @Test func secondRequestIsConditionalAndA304IsServedFromTheCache() async throws {
    let link =
      #"<https://api.github.com/user/1/followers?page=2>; rel="next", <https://api.github.com/user/1/followers?page=3>; rel="last""#
    let http = Self.conditionalServer(link: link)
    let github = client(http)
    let first = try await github.followers(of: "octocat", page: 1, perPage: 30)
    let second = try await github.followers(of: "octocat", page: 1, perPage: 30)
    #expect(second == first)
    #expect(second.followers.map(\.login) == ["a", "b", "c"])
    #expect(second.lastPage == 3)
    #expect(http.requests[0].value(forHTTPHeaderField: "If-None-Match") == nil)
    #expect(http.requests[1].value(forHTTPHeaderField: "If-None-Match") == #"W/"v1""#)
  }

  @Test func copiesShareTheCache() async throws {
    let http = Self.conditionalServer()
    let github = client(http)
    let copy = github
    _ = try await github.followers(of: "octocat", page: 1, perPage: 30)
    _ = try await copy.followers(of: "octocat", page: 1, perPage: 30)
    #expect(http.requests[1].value(forHTTPHeaderField: "If-None-Match") != nil)
  }

  @Test func cacheIsPerURL() async throws {
    let http = Self.conditionalServer()
    let github = client(http)
    _ = try await github.followers(of: "octocat", page: 1, perPage: 30)
    _ = try await github.followers(of: "octocat", page: 2, perPage: 30)
    #expect(http.requests[1].value(forHTTPHeaderField: "If-None-Match") == nil)
  }

  @Test func responseWithoutETagIsNotCached() async throws {
    let http = StubHTTPClient(always: .json("[]"))
    let github = client(http)
    _ = try await github.followers(of: "octocat", page: 1, perPage: 30)
    _ = try await github.followers(of: "octocat", page: 1, perPage: 30)
    #expect(http.requests.allSatisfy { $0.value(forHTTPHeaderField: "If-None-Match") == nil })
  }

  @Test func newETagReplacesTheCachedBody() async throws {
    let version = LockedState(1)
    let http = StubHTTPClient { request in
      let current = version.withLock { $0 }
      if request.value(forHTTPHeaderField: "If-None-Match") == "\"v\(current)\"" {
        return HTTPResponse(statusCode: 304)
      }
      return .json(GitHubJSON.followers(["v\(current)"]), headers: ["ETag": "\"v\(current)\""])
    }
    let github = client(http)
    #expect(try await github.followers(of: "octocat", page: 1, perPage: 30).followers.map(\.login) == ["v1"])
    version.withLock { $0 = 2 }
    #expect(try await github.followers(of: "octocat", page: 1, perPage: 30).followers.map(\.login) == ["v2"])
    #expect(try await github.followers(of: "octocat", page: 1, perPage: 30).followers.map(\.login) == ["v2"])
    #expect(http.requests.map { $0.value(forHTTPHeaderField: "If-None-Match") } == [nil, "\"v1\"", "\"v2\""])
  }

  @Test func authenticatedAndAnonymousAnswersAreCachedApart() async throws {
    let http = Self.conditionalServer()
    let anonymous = client(http)
    _ = try await anonymous.followers(of: "octocat", page: 1, perPage: 30)
    // A different client has its own cache; within one client, a page fetched without a token
    // is not reused for a request with one (a Link to the API host vs. elsewhere).
    let withToken = client(http, token: "ghp_abc")
    _ = try await withToken.followers(of: "octocat", page: 1, perPage: 30)
    #expect(http.requests[1].value(forHTTPHeaderField: "If-None-Match") == nil)
  }
}

/// A refresh through the real transport: the fake server, like GitHub, answers the client's
/// conditional request with 304 and says in `x-ratelimit-remaining` that it cost nothing.
@Suite struct ConditionalRefreshTests {
  @Test func aRefreshOfAnUnchangedProfileCostsNoRateLimit() async throws {
    let server = try FakeGitHubServer()
    server.addUser("mona", followers: 45, name: "Mona")
    let client = GitHubClient(configuration: .init(baseURL: server.baseURL, maxRetries: 0))
    let mona: GitHubUsername = "mona"

    let shown = try await client.profile(of: mona)
    let before = try #require(await client.latestRateLimit())
    let refreshed = try await client.profile(of: mona)
    let after = try #require(await client.latestRateLimit())

    #expect(refreshed == shown)
    #expect(server.requests.map { $0.header("if-none-match") != nil } == [false, true])
    #expect(before.remaining == 59)
    #expect(after.remaining == 59)
  }
}
