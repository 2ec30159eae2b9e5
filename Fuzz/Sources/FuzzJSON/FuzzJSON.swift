import Dispatch
import Foundation
import GitHubFollowers
import Synchronization

/// libFuzzer's entry point: checks one input and traps (via `fatalError`) when a property fails.
///
/// Properties of GitHub JSON handling on any bytes:
/// - decoding `[Follower]`, `Follower`, `UserProfile` and `UserSearchResult` with a plain
///   `JSONDecoder` (what `GitHubClient` uses) never traps, and a decoded value encodes with a
///   plain `JSONEncoder`, and that decodes to an equal value (round trip);
/// - through `GitHubClient` (the public entry to its internal body decoding and status
///   mapping), the bytes as a 200 body give the profile exactly when direct decoding does, else
///   `.undecodableResponse` with a one-line detail; as a 422 or an HTML 403 body they give
///   `.unexpectedStatus` with a one-line message of at most 200 characters (plus "…"), or, for
///   the 403, a secondary rate limit when the body says so;
/// - the bytes as a 200 followers page give, through `GitHubClient` (whose own scanner reads
///   GitHub's plain form before falling back to `JSONDecoder`), exactly the followers a plain
///   `JSONDecoder` decodes, else `.undecodableResponse`: the scanner never accepts what the
///   decoder refuses, nor reads a page differently.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The number of bytes.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let body = Data(bytes: data, count: size)
  let followers = roundTrip([Follower].self, body)
  checkFollowersPage(body: body, directFollowers: followers)
  roundTrip(Follower.self, body)
  roundTrip(UserSearchResult.self, body)
  let profile = roundTrip(UserProfile.self, body)
  checkClient(body: body, directProfile: profile)
  return 0
}

@discardableResult
private func roundTrip<T: Codable & Equatable>(_ type: T.Type, _ body: Data) -> T? {
  guard let value = try? JSONDecoder().decode(T.self, from: body) else { return nil }
  let encoded: Data
  do {
    encoded = try JSONEncoder().encode(value)
  } catch {
    fatalError("FuzzJSON: a decoded \(T.self) does not encode: \(error)\nvalue: \(value)")
  }
  do {
    let decoded = try JSONDecoder().decode(T.self, from: encoded)
    require(decoded == value, "\(T.self) changed in a round trip:\n\(differences(value, decoded))")
  } catch {
    fatalError(
      "FuzzJSON: an encoded \(T.self) does not decode: \(error)\njson: \(String(decoding: encoded, as: UTF8.self))")
  }
  return value
}

/// The lines of `dump` that differ (`dump` shows what `description` hides, such as a
/// `Date`'s fractional seconds).
private func differences<T>(_ before: T, _ after: T) -> String {
  var lhs = ""
  var rhs = ""
  dump(before, to: &lhs)
  dump(after, to: &rhs)
  return zip(lhs.split(separator: "\n"), rhs.split(separator: "\n"))
    .filter { $0 != $1 }
    .map { "  \($0)\nbecame\n  \($1)" }
    .joined(separator: "\n")
}

private func checkClient(body: Data, directProfile: UserProfile?) {
  switch profileThroughClient(status: 200, contentType: "application/json", body: body) {
  case .success(let profile):
    require(profile == directProfile, "the client decoded a profile that JSONDecoder does not: \(profile)")
  case .failure(.undecodableResponse(let detail)):
    require(directProfile == nil, "the client failed to decode a profile that JSONDecoder decodes: \(detail)")
    requireOneLine(detail, limit: 400, "undecodableResponse detail")
  case .failure(let error):
    require(false, "a 200 gave \(error)")
  }

  switch profileThroughClient(status: 422, contentType: "application/json", body: body) {
  case .failure(.unexpectedStatus(422, let message)):
    if let message { requireOneLine(message, limit: 200, "422 message") }
  case let other:
    require(false, "a 422 gave \(other)")
  }

  switch profileThroughClient(status: 403, contentType: "text/html", body: body) {
  case .failure(.unexpectedStatus(403, let message)):
    if let message { requireOneLine(message, limit: 200, "403 message") }
  case .failure(.secondaryRateLimit(retryAfter: nil)):
    break
  case let other:
    require(false, "an HTML 403 gave \(other)")
  }
}

private func checkFollowersPage(body: Data, directFollowers: [Follower]?) {
  let read = throughClient(status: 200, contentType: "application/json", body: body) { client in
    try await client.followers(of: "octocat", page: 1, perPage: 100).followers
  }
  switch read {
  case .success(let followers):
    require(
      followers == directFollowers,
      "the client read a followers page that JSONDecoder reads \(directFollowers.map { "as \($0)" } ?? "not at all"): "
        + "\(followers)")
  case .failure(.undecodableResponse(let detail)):
    require(directFollowers == nil, "the client failed to read followers that JSONDecoder reads: \(detail)")
    requireOneLine(detail, limit: 400, "undecodableResponse detail")
  case .failure(let error):
    require(false, "a 200 followers page gave \(error)")
  }
}

private func requireOneLine(_ text: String, limit: Int, _ what: String) {
  require(!text.isEmpty, "\(what) is empty")
  require(!text.contains(where: \.isNewline), "\(what) has a line break: \(text.debugDescription)")
  require(text.count <= limit + 1, "\(what) has \(text.count) characters: \(text.debugDescription)")
}

// MARK: - A client that answers every request with one response

private struct CannedHTTPClient: HTTPClient {
  let response: HTTPResponse

  func send(_ request: HTTPRequest) async throws -> HTTPResponse { response }
}

private final class ResultBox<Value: Sendable>: Sendable {
  let result = Mutex<Result<Value, GitHubError>?>(nil)
}

/// `GitHubClient.profile(of:)` against a canned response, without retries.
private func profileThroughClient(status: Int, contentType: String, body: Data) -> Result<UserProfile, GitHubError> {
  throughClient(status: status, contentType: contentType, body: body) { client in
    try await client.profile(of: "octocat")
  }
}

/// One call of a `GitHubClient` against a canned response, without retries, waited for
/// synchronously (libFuzzer calls us on a plain thread).
private func throughClient<Value: Sendable>(
  status: Int, contentType: String, body: Data,
  _ call: @escaping @Sendable (GitHubClient) async throws -> Value
) -> Result<Value, GitHubError> {
  let response = HTTPResponse(statusCode: status, headers: ["Content-Type": contentType], body: body)
  let client = GitHubClient(configuration: .init(maxRetries: 0), httpClient: CannedHTTPClient(response: response))
  let box = ResultBox<Value>()
  let done = DispatchSemaphore(value: 0)
  Task {
    let result: Result<Value, GitHubError>
    do {
      result = .success(try await call(client))
    } catch let error as GitHubError {
      result = .failure(error)
    } catch {
      fatalError("FuzzJSON: the client threw a non-GitHubError: \(error)")
    }
    box.result.withLock { $0 = result }
    done.signal()
  }
  done.wait()
  return box.result.withLock { $0! }
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("FuzzJSON property violated: \(message())") }
}
