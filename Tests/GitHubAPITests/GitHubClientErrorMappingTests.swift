import ActionDispatchTesting
import Foundation
import GitHubAPI
import GitHubAPITestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One scripted answer and the error it must become.
struct StatusCase: Sendable, CustomTestStringConvertible {
  var name: String
  var response: HTTPResponse
  var expected: GitHubError
  var testDescription: String { name }
}

@Suite struct GitHubClientErrorMappingTests {
  static let reset = Date(timeIntervalSince1970: 1_900_000_000)

  static let statusCases: [StatusCase] = [
    StatusCase(
      name: "404 → notFound(login)",
      response: .json(404, #"{"message":"Not Found","documentation_url":"https://docs.github.com","status":"404"}"#),
      expected: .notFound("octocat")),
    StatusCase(
      name: "401 → badCredentials",
      response: .json(401, #"{"message":"Bad credentials","status":"401"}"#),
      expected: .badCredentials),
    StatusCase(
      name: "403 + remaining 0 → rateLimited",
      response: .json(
        403, #"{"message":"API rate limit exceeded for 1.2.3.4."}"#,
        headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1900000000", "x-ratelimit-limit": "60"]),
      expected: .rateLimited(resetAt: reset, authenticated: false)),
    StatusCase(
      name: "429 + remaining 0 → rateLimited",
      response: .json(429, "{}", headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1900000000"]),
      expected: .rateLimited(resetAt: reset, authenticated: false)),
    StatusCase(
      name: "403 + remaining 0 + garbage reset → rateLimited(nil)",
      response: .json(403, "{}", headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "soon"]),
      expected: .rateLimited(resetAt: nil, authenticated: false)),
    StatusCase(
      name: "403 + Retry-After → secondaryRateLimit",
      response: .json(
        403, #"{"message":"You have exceeded a secondary rate limit."}"#,
        headers: ["Retry-After": "30", "x-ratelimit-remaining": "42"]),
      expected: .secondaryRateLimit(retryAfter: .seconds(30))),
    StatusCase(
      name: "403 + secondary message → secondaryRateLimit(nil)",
      response: .json(403, #"{"message":"You have exceeded a Secondary Rate Limit. Please wait."}"#),
      expected: .secondaryRateLimit(retryAfter: nil)),
    StatusCase(
      name: "429 bare → secondaryRateLimit(nil)",
      response: HTTPResponse(statusCode: 429),
      expected: .secondaryRateLimit(retryAfter: nil)),
    StatusCase(
      name: "403 other → unexpectedStatus with message",
      response: .json(403, #"{"message":"Resource not accessible by integration"}"#),
      expected: .unexpectedStatus(403, message: "Resource not accessible by integration")),
    StatusCase(name: "500 → serverError", response: .json(500, "{}"), expected: .serverError(status: 500)),
    StatusCase(name: "502 → serverError", response: HTTPResponse(statusCode: 502), expected: .serverError(status: 502)),
    StatusCase(name: "503 → serverError", response: HTTPResponse(statusCode: 503), expected: .serverError(status: 503)),
    StatusCase(
      name: "422 → unexpectedStatus",
      response: .json(422, #"{"message":"Validation Failed","errors":[]}"#),
      expected: .unexpectedStatus(422, message: "Validation Failed")),
    StatusCase(
      name: "418 HTML page → unexpectedStatus naming the page",
      response: HTTPResponse(
        statusCode: 418, headers: ["Content-Type": "text/html"],
        body: Data("<html><head><title>Proxy says\n no</title></head><body>…</body></html>".utf8)),
      expected: .unexpectedStatus(418, message: #"an HTML page titled "Proxy says no""#)),
    StatusCase(
      name: "400 empty body → unexpectedStatus(nil)",
      response: HTTPResponse(statusCode: 400),
      expected: .unexpectedStatus(400, message: nil)),
    StatusCase(
      name: "304 without a cached copy → unexpectedStatus",
      response: HTTPResponse(statusCode: 304),
      expected: .unexpectedStatus(304, message: "Not Modified, but this client has no copy cached")),
    StatusCase(
      name: "301 without Location → unexpectedStatus",
      response: HTTPResponse(statusCode: 301),
      expected: .unexpectedStatus(301, message: "a redirect without a usable Location header")),
  ]

  func client(_ http: StubHTTPClient, token: String? = nil) -> GitHubClient {
    GitHubClient(configuration: .init(token: token, maxRetries: 0, clock: ImmediateClock()), httpClient: http)
  }

  @Test(arguments: statusCases)
  func statusBecomesTheRightError(statusCase: StatusCase) async {
    let http = StubHTTPClient(always: statusCase.response)
    await #expect(throws: statusCase.expected) {
      try await client(http).followers(of: "octocat", page: 1, perPage: 30)
    }
    #expect(http.requestCount == 1)
  }

  @Test func rateLimitRemembersWhetherATokenWasSent() async {
    let http = StubHTTPClient(
      always: .json(403, "{}", headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1900000000"]))
    await #expect(throws: GitHubError.rateLimited(resetAt: Self.reset, authenticated: true)) {
      try await client(http, token: "ghp_abc").profile(of: "octocat")
    }
  }

  @Test func notFoundForALinkNamesTheUserOrThePath() async {
    let http = StubHTTPClient(always: HTTPResponse(statusCode: 404))
    await #expect(throws: GitHubError.notFound("octocat")) {
      try await client(http).followersPage(at: URL("https://api.github.com/users/octocat/followers?page=2"))
    }
    await #expect(throws: GitHubError.notFound("/user/583231/followers")) {
      try await client(http).followersPage(at: URL("https://api.github.com/user/583231/followers?page=2"))
    }
    await #expect(throws: GitHubError.notFound("/search/users")) {
      try await client(http).searchUsers("x")
    }
  }

  @Test(arguments: [
    (URLError.Code.timedOut, GitHubError.timeout),
    (.cannotConnectToHost, .transport("Could not connect to 127.0.0.1:8080 (connection refused)")),
    (.cannotFindHost, .transport("Could not find the host 127.0.0.1 (DNS lookup failed)")),
    (.networkConnectionLost, .transport("The connection to 127.0.0.1:8080 was lost before the response was complete")),
    (.notConnectedToInternet, .transport("This computer is not connected to the internet")),
    (.secureConnectionFailed, .transport("A secure (TLS) connection to 127.0.0.1:8080 could not be made")),
    (
      .badServerResponse,
      .transport("127.0.0.1:8080 closed the connection or sent something that is not a valid HTTP response")
    ),
    (.unknown, .transport("The request to 127.0.0.1:8080 failed (URLError -1)")),
  ])
  func urlErrorBecomesOurOwnWords(code: URLError.Code, expected: GitHubError) async {
    let http = StubHTTPClient { _ in throw URLError(code) }
    let github = GitHubClient(
      configuration: .init(baseURL: URL("http://127.0.0.1:8080"), maxRetries: 0, clock: ImmediateClock()),
      httpClient: http)
    await #expect(throws: expected) { try await github.profile(of: "octocat") }
  }

  @Test func otherErrorsFromTheHTTPClientBecomeTransport() async {
    struct Boom: Error {}
    let http = StubHTTPClient { _ in throw Boom() }
    await #expect {
      try await client(http).profile(of: "octocat")
    } throws: { error in
      guard case .transport(let message) = error as? GitHubError else { return false }
      return message.contains("api.github.com:443")
    }
  }

  @Test func brokenJSONSaysItIsNotJSON() async {
    let http = StubHTTPClient(always: .json(#"[{"login":"a","id":1,"#))
    await #expect {
      try await client(http).followers(of: "octocat", page: 1, perPage: 30)
    } throws: { error in
      guard case .undecodableResponse(let detail) = error as? GitHubError else { return false }
      return detail.contains("the list of followers is not valid JSON") && detail.contains("bytes")
    }
  }

  @Test func htmlSuccessPageNamesTheContentType() async {
    let http = StubHTTPClient(
      always: HTTPResponse(statusCode: 200, headers: ["Content-Type": "text/html"], body: Data("<html></html>".utf8)))
    await #expect {
      try await client(http).profile(of: "octocat")
    } throws: { error in
      guard case .undecodableResponse(let detail) = error as? GitHubError else { return false }
      return detail.contains("Content-Type text/html")
    }
  }

  @Test(arguments: [
    (#"[{"login":5}]"#, "expected String at [0].login"),
    (#"[{"id":1}]"#, #"the key "login" is missing at [0]"#),
    (#"[\#(GitHubJSON.follower("a", id: 1)), {"login":"b","id":null}]"#, "expected Int at [1].id but found null"),
    (#"{"message":"hi"}"#, "expected Array"),
  ])
  func wrongShapeNamesTheTypeAndKeyPath(body: String, fragment: String) async {
    let http = StubHTTPClient(always: .json(body))
    await #expect {
      try await client(http).followers(of: "octocat", page: 1, perPage: 30)
    } throws: { error in
      guard case .undecodableResponse(let detail) = error as? GitHubError else { return false }
      return detail.contains(fragment)
    }
  }

  @Test func badDateIsReported() async {
    let body = GitHubJSON.octocatProfile.replacingOccurrences(of: "2011-01-25T18:44:36Z", with: "yesterday")
    let http = StubHTTPClient(always: .json(body))
    await #expect {
      try await client(http).profile(of: "octocat")
    } throws: { error in
      guard case .undecodableResponse(let detail) = error as? GitHubError else { return false }
      return detail.contains("created_at") && detail.contains("ISO 8601")
    }
  }

  @Test(arguments: [
    HTTPResponse.json(422, #"{"message":"token ghp_SECRET123 is not allowed"}"#),
    HTTPResponse.json(200, #"{"oops":"ghp_SECRET123"#),
    HTTPResponse(statusCode: 400, body: Data("echo: Authorization: Bearer ghp_SECRET123".utf8)),
    HTTPResponse(
      statusCode: 418, headers: ["Content-Type": "text/html"], body: Data("<title>ghp_SECRET123</title>".utf8)),
  ])
  func tokenNeverAppearsInAnError(response: HTTPResponse) async {
    let http = StubHTTPClient(always: response)
    do {
      _ = try await client(http, token: "ghp_SECRET123").profile(of: "octocat")
      Issue.record("expected an error")
    } catch {
      #expect(!"\(error)".contains("SECRET"))
      #expect(!error.localizedDescription.contains("SECRET"))
      #expect(!String(reflecting: error).contains("SECRET"))
    }
  }

  @Test func fuzzedBodiesNeverCrashTheDecoder() async {
    let http = StubHTTPClient { _ in
      var bytes = [UInt8]()
      let pieces: [String] = [
        "[", "]", "{", "}", "\"login\"", ":", ",", "null", "1e999", "\"\\u0000\"", "-", "0", "true", "\"a\"",
      ]
      for _ in 0..<Int.random(in: 0..<40) { bytes += Array(pieces.randomElement()!.utf8) }
      return HTTPResponse(statusCode: 200, body: Data(bytes))
    }
    let github = client(http)
    for _ in 0..<500 {
      _ = try? await github.followers(of: "octocat", page: 1, perPage: 30)
      _ = try? await github.profile(of: "octocat")
      _ = try? await github.searchUsers("x")
    }
    #expect(http.requestCount == 1_500)
  }
}
