import FakeGitHubServer
import Foundation
import Testing

/// Failed requests: the client's actionable message after `error:`, nothing cut short
/// silently, exit status 1, and the token never shown.
@Suite struct ErrorTests {
  let server: FakeGitHubServer

  init() throws {
    server = try FakeGitHubServer()
    server.addUser("mona", followers: 45, name: "Mona Lisa Octocat")
  }

  func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> CLIResult {
    try await CLIProcess.run(arguments + ["--api-url", server.baseURL.absoluteString], environment: environment)
  }

  static let serverErrorMessage =
    "error: GitHub answered with a server error (HTTP 502); the request was not retried. "
    + "This is usually temporary: try again in a few minutes, and see https://www.githubstatus.com.\n"

  @Test func unknownUserIsNotFound() async throws {
    let result = try await run(["followers", "ghost"])
    let message =
      #"error: GitHub has no user "ghost" (HTTP 404). Check the spelling; renamed and deleted accounts are not found either."#
    #expect(result == CLIResult(stdout: "", stderr: message + "\n", status: 1))
  }

  @Test func badCredentialsNeverShowTheToken() async throws {
    server.respond(to: "/users/mona/followers", with: .badCredentials())
    let result = try await run(["followers", "mona"], environment: ["GITHUB_TOKEN": "secret-token"])
    let message =
      "error: GitHub rejected the token (HTTP 401 Bad credentials). Check GITHUB_TOKEN (or GH_TOKEN): "
      + "it may be mistyped, expired or revoked; unset it to make unauthenticated requests.\n"
    #expect(result == CLIResult(stdout: "", stderr: message, status: 1))
    #expect(!result.stdout.contains("secret-token"))
    #expect(!result.stderr.contains("secret-token"))
    #expect(server.requests.map { $0.header("Authorization") } == ["Bearer secret-token"])
  }

  @Test func ghTokenIsUsedWhenGitHubTokenIsUnsetOrEmpty() async throws {
    let result = try await run(
      ["followers", "mona", "--limit", "1"], environment: ["GITHUB_TOKEN": "", "GH_TOKEN": "gh-secret"])
    #expect(result.status == 0)
    #expect(server.requests.map { $0.header("Authorization") } == ["Bearer gh-secret"])
  }

  @Test func githubTokenWinsOverGHToken() async throws {
    let result = try await run(
      ["profile", "mona"], environment: ["GITHUB_TOKEN": "first", "GH_TOKEN": "second"])
    #expect(result.status == 0)
    #expect(server.requests.map { $0.header("Authorization") } == ["Bearer first"])
  }

  @Test func withoutATokenNoAuthorizationIsSent() async throws {
    let result = try await run(["followers", "mona", "--limit", "1"])
    #expect(result.status == 0)
    #expect(server.requests.map { $0.header("Authorization") } == [nil])
  }

  @Test(arguments: [false, true])
  func rateLimitSaysWhenItResetsAndHowToRaiseIt(status429: Bool) async throws {
    let resetAt = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down) + 1_800)
    server.respond(
      to: "/users/mona/followers",
      with: status429 ? .primaryRateLimit429(resetAt: resetAt) : .primaryRateLimit(resetAt: resetAt))
    let started = Date()
    let result = try await run(["followers", "mona"])
    let ended = Date()
    // The child reads its clock somewhere between `started` and `ended` (half a minute apart on
    // a loaded machine, under ThreadSanitizer): "in 30 minutes", or one less if it ran late.
    let minutesLeft = { (now: Date) in Int((resetAt.timeIntervalSince(now) / 60).rounded()) }
    let messages = (minutesLeft(ended)...minutesLeft(started)).map { minutes in
      "error: GitHub's API rate limit is exhausted; it resets at \(Self.utcClockTime(resetAt)) (in \(minutes) minutes). "
        + "Set GITHUB_TOKEN to raise the limit from 60 to 5,000 requests an hour.\n"
    }
    #expect(messages.contains(result.stderr), "\(result.stderr) is none of \(messages)")
    #expect(result.stdout == "")
    #expect(result.status == 1)
    #expect(server.requestCount == 1)
  }

  @Test func secondaryRateLimitSaysHowLongToWait() async throws {
    server.respond(to: "/users/mona", with: .secondaryRateLimit(retryAfter: 120))
    let result = try await run(["profile", "mona"])
    let message =
      "error: GitHub's secondary rate limit was hit (too many requests in a short time); "
      + "wait 2 minutes before trying again, and make fewer requests at once.\n"
    #expect(result == CLIResult(stdout: "", stderr: message, status: 1))
  }

  @Test func serverErrorFailsAfterTheRetries() async throws {
    server.respond(to: "/users/mona/followers", with: .serverError(502), times: nil)
    let result = try await run(["followers", "mona"])
    #expect(result == CLIResult(stdout: "", stderr: Self.serverErrorMessage, status: 1))
    #expect(server.requestCount == 1)  // ACTION_DISPATCH_MAX_RETRIES=0
  }

  @Test func serverErrorIsRetried() async throws {
    server.respond(to: "/users/mona/followers", with: .serverError(503))
    let result = try await run(
      ["followers", "mona", "--limit", "2"], environment: ["ACTION_DISPATCH_MAX_RETRIES": "1"])
    #expect(
      result
        == CLIResult(stdout: ExpectedOutput.followerTable(of: "mona", 1...2, loginWidth: 15), stderr: "", status: 0))
    #expect(server.requestCount == 2)
  }

  @Test func undecodableResponseSaysWhatWasWrong() async throws {
    server.respond(to: "/users/mona/followers", with: .brokenJSON())
    let result = try await run(["followers", "mona"])
    let message =
      "error: GitHub's response could not be read: the list of followers is not valid JSON "
      + "(173 bytes, Content-Type application/json; charset=utf-8): The given data was not valid JSON. "
      + "Check that the API URL points to a GitHub REST API (not a web page or a proxy).\n"
    #expect(result == CLIResult(stdout: "", stderr: message, status: 1))
  }

  @Test func unreachableServerIsATransportError() async throws {
    let url = server.baseURL.absoluteString
    server.stop()
    let result = try await run(["profile", "mona"])
    let message =
      "error: Could not connect to \(url.dropFirst("http://".count)) (connection refused). "
      + "Check the network connection and the API URL, then try again.\n"
    #expect(result == CLIResult(stdout: "", stderr: message, status: 1))
  }

  @Test func failureOnPageTwoSaysHowManyWereListed() async throws {
    server.setHandler { request in
      request.queryItems["page"] == "2" ? .serverError(502) : nil
    }
    let result = try await run(["followers", "mona", "--limit", "45"])
    #expect(
      result
        == CLIResult(
          stdout: ExpectedOutput.followerTable(of: "mona", 1...30, loginWidth: 16),
          stderr: Self.serverErrorMessage
            + "note: listed 30 followers before the error; the list above is incomplete.\n",
          status: 1))
    #expect(server.requests.map { $0.queryItems["page"] } == ["1", "2"])
  }

  @Test func failureOnALaterPageOfAllSaysHowManyWereListed() async throws {
    server.addUser("mona", followers: 250)
    server.setHandler { request in
      request.queryItems["page"] == "3" ? .notFound() : nil
    }
    let result = try await run(["followers", "mona", "--all"])
    #expect(
      result
        == CLIResult(
          stdout: ExpectedOutput.followerTable(of: "mona", 1...200, loginWidth: 17),
          stderr: #"error: GitHub has no user "mona" (HTTP 404). "#
            + "Check the spelling; renamed and deleted accounts are not found either.\n"
            + "note: listed 200 followers before the error; the list above is incomplete.\n",
          status: 1))
  }

  @Test func failureOnPageTwoWithJSONClosesTheArrayItWrote() async throws {
    server.setHandler { request in
      request.queryItems["page"] == "2" ? .serverError(502) : nil
    }
    let result = try await run(["followers", "mona", "--limit", "45", "--json"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == Self.serverErrorMessage
        + "note: wrote 30 followers before the error; the JSON array is closed but incomplete.\n")
    let decoded = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    #expect(decoded?.map { $0["login"] as? String } == (1...30).map { "mona-follower-\($0)" })
  }

  /// "14:05 UTC", or with the date when more than a day away (never here).
  static func utcClockTime(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    return String(format: "%02d:%02d UTC", parts.hour!, parts.minute!)
  }
}
