import FakeGitHubServer
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A hostile server at the transport level, against the built tool over real HTTP: each case
/// ends in a clear error (exit 1) within a bounded time, keeps what was already listed, and
/// writes no control byte the server chose.
@Suite struct HostileTransportTests {
  let server: FakeGitHubServer

  init() throws {
    server = try FakeGitHubServer()
    server.addUser("mona", followers: 45)
  }

  func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> CLIResult {
    try await CLIProcess.run(arguments + ["--api-url", server.baseURL.absoluteString], environment: environment)
  }

  var place: String { "127.0.0.1:\(server.port)" }
  static let advice = ". Check the network connection and the API URL, then try again.\n"
  static let timeoutMessage =
    "error: GitHub did not send its whole answer in time. Check the network connection and the API URL, "
    + "or try again later with a longer timeout (--timeout).\n"

  @Test func tricklingPageFailsAtTheDeadlineAndKeepsWhatWasListed() async throws {
    server.setHandler { request in
      request.queryItems["page"] == "2" ? .trickle(interval: .milliseconds(100)) : nil
    }
    let start = ContinuousClock.now
    let result = try await run(["followers", "mona", "--limit", "45", "--timeout", "1"])
    #expect(
      result
        == CLIResult(
          stdout: ExpectedOutput.followerTable(of: "mona", 1...30, loginWidth: 16),
          stderr: Self.timeoutMessage + "note: listed 30 followers before the error; the list above is incomplete.\n",
          status: 1))
    // One deadline of 1 s, not an idle timeout reset by every byte (the trickle would last 28
    // hours). The bound includes the wait for a free child slot, which under ThreadSanitizer on a
    // loaded 2-core machine was measured at over a minute, so it only tells minutes from hours.
    #expect(ContinuousClock.now - start < .seconds(300))
  }

  @Test func serverThatAcceptsAndNeverAnswersTimesOut() async throws {
    server.respond(to: "/users/mona", with: FakeResponse(status: 200, behavior: .neverRespond), times: nil)
    let result = try await run(["profile", "mona", "--timeout", "0.5"])
    #expect(result == CLIResult(stdout: "", stderr: Self.timeoutMessage, status: 1))
  }

  @Test func ctrlCDuringATricklingBodyExits130AtOnce() async throws {
    let arrivals = server.arrivals { _ in .trickle(interval: .milliseconds(200)) }
    let child = try await CLIProcess.start(["followers", "mona"] + InterruptTests.against(server))
    #expect(await child.requests(from: arrivals, count: 1).count == 1)
    let sent = ContinuousClock.now
    child.send(SIGINT)
    let result = await child.result()
    #expect(result == CLIResult(stdout: "", stderr: "", status: 130))
    #expect(ContinuousClock.now - sent < InterruptTests.promptly)
  }

  @Test(arguments: [false, true])
  func twoHundredMegabyteBodyIsRefused(chunked: Bool) async throws {
    server.respond(to: "/users/mona/followers", with: .largeBody(size: 200 << 20, chunked: chunked), times: nil)
    let result = try await run(["followers", "mona"])
    let detail =
      chunked
      ? "the response was more than the 32 MiB limit, so reading stopped there"
      : "the response was 200 MiB, more than the 32 MiB limit"
    #expect(
      result
        == CLIResult(stdout: "", stderr: "error: The request to \(place) failed: \(detail)" + Self.advice, status: 1))
  }

  @Test func gzipBombStopsAtTheLimit() async throws {
    server.respond(to: "/users/mona/followers", with: .gzipBomb(), times: nil)
    let result = try await run(["followers", "mona"])
    let detail = "the response was more than the 32 MiB limit, so reading stopped there"
    #expect(
      result
        == CLIResult(stdout: "", stderr: "error: The request to \(place) failed: \(detail)" + Self.advice, status: 1))
  }

  @Test func binaryStatusLineIsNamedAndNeverEchoed() async throws {
    let bytes: [UInt8] = [0x1B, 0x5D, 0x35, 0x32, 0x3B, 0x63, 0x3B, 0x07, 0x1B, 0x5B, 0x32, 0x4A, 13, 10, 13, 10]
    server.respond(to: "/users/mona", with: .rawBytes(bytes), times: nil)
    let result = try await run(["profile", "mona"])
    #expect(
      result
        == CLIResult(
          stdout: "",
          stderr: "error: \(place) did not answer with an HTTP status line (such as \"HTTP/1.1 200 OK\"): "
            + "what it sent is not an HTTP response" + Self.advice,
          status: 1))
  }

  @Test func redirectToAnotherOriginNeverCarriesTheToken() async throws {
    let elsewhere = try FakeGitHubServer()
    defer { elsewhere.stop() }
    elsewhere.addUser("mona", followers: 3)
    server.respond(
      to: "/users/mona/followers",
      with: .redirect(302, to: elsewhere.baseURL.absoluteString + "/users/mona/followers?per_page=30&page=1"))
    _ = try await run(["followers", "mona"], environment: ["GITHUB_TOKEN": "secret-token"])
    #expect(server.requests.map { $0.header("Authorization") } == ["Bearer secret-token"])
    #expect(elsewhere.requests.allSatisfy { $0.header("Authorization") == nil })
    #expect(elsewhere.requests.allSatisfy { !$0.headers.values.contains { $0.contains("secret-token") } })
  }

  static let unreadable = ". Check that the API URL points to a GitHub REST API (not a web page or a proxy).\n"

  @Test func invalidUTF8InAStringIsAClearError() async throws {
    let body = Array(#"[{"login":"a"#.utf8) + [0xFF, 0xFE] + Array(#"b","id":1,"type":"User"}]"#.utf8)
    server.respond(
      to: "/users/mona/followers",
      with: FakeResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(body)))
    let result = try await run(["followers", "mona"])
    #expect(
      result
        == CLIResult(
          stdout: "",
          stderr: "error: GitHub's response could not be read: the list of followers is not valid JSON "
            + "(39 bytes, Content-Type application/json): The given data was not valid JSON" + Self.unreadable,
          status: 1))
  }

  @Test func hundredThousandNestedArraysAreAClearError() async throws {
    server.respond(
      to: "/users/mona/followers",
      with: FakeResponse(
        status: 200, headers: [("Content-Type", "application/json")],
        body: Data(repeating: UInt8(ascii: "["), count: 100_000)))
    let result = try await run(["followers", "mona"])
    #expect(
      result
        == CLIResult(
          stdout: "",
          stderr: "error: GitHub's response could not be read: the list of followers is not valid JSON "
            + "(100000 bytes, Content-Type application/json): The given data was not valid JSON" + Self.unreadable,
          status: 1))
  }

  @Test func aMegabyteLoginIsListed() async throws {
    let login = String(repeating: "a", count: 1 << 20)
    server.respond(to: "/users/mona/followers", with: .accounts([(login, 1, "User")]))
    let result = try await run(["followers", "mona"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.last?.hasPrefix(login + "  User") == true)
  }

  @Test(arguments: ["99999999999999999999", "-1", "1e300", "soon"])
  func absurdRateLimitResetIsAClearError(reset: String) async throws {
    server.respond(
      to: "/users/mona",
      with: .json(
        403, #"{"message":"API rate limit exceeded"}"#,
        headers: [("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", reset)]))
    let result = try await run(["profile", "mona"])
    #expect(
      result
        == CLIResult(
          stdout: "",
          stderr: "error: GitHub's API rate limit is exhausted. "
            + "Set GITHUB_TOKEN to raise the limit from 60 to 5,000 requests an hour.\n",
          status: 1))
  }

  @Test func retryAfterOfADayFailsAtOnce() async throws {
    server.respond(to: "/users/mona", with: .secondaryRateLimit(retryAfter: 86_400), times: nil)
    let start = ContinuousClock.now
    let result = try await run(["profile", "mona"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("error: GitHub's secondary rate limit was hit"))
    // At once rather than after a day. The bound includes the wait for a free child slot (see
    // the trickle test above), so it only tells minutes from a day.
    #expect(ContinuousClock.now - start < .seconds(300))
  }

  @Test(arguments: ["0", "-1", "abc", "1e3", "86401", "", "nan", "0.01"])
  func invalidTimeoutIsAUsageError(value: String) async throws {
    let result = try await CLIProcess.run(["profile", "mona", "--timeout", value])
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "error: invalid value '\(value)' for '--timeout <seconds>': "
          + "expected a number of seconds from 0.1 to 86400, such as 10 or 2.5\n"))
    #expect(result.stdout.isEmpty)
  }

  @Test func timeoutWithDemoIsAConflict() async throws {
    let result = try await CLIProcess.run(["profile", "octocat", "--demo", "--timeout", "5"])
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix("error: '--demo' and '--timeout' cannot be used together: --demo sends no request\n"))
  }
}
