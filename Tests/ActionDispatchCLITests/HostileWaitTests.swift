import FakeGitHubServer
import Foundation
import Testing

/// Waits a server asks for: on a terminal, a wait before a retry says that it is waiting, why
/// and until when; a wait longer than the client's limit fails at once and says it did not retry.
@Suite struct HostileWaitTests {
  let server: FakeGitHubServer

  init() throws {
    server = try FakeGitHubServer()
    server.addUser("mona", followers: 2, name: "Mona")
  }

  @Test func aTooManyRequestsWaitIsShownOnATerminal() async throws {
    let headers = [("Retry-After", "2")]
    server.respond(
      to: "/users/mona/followers",
      with: .jsonObject(
        429, ["message": "You have exceeded a secondary rate limit"],
        headers: headers))
    let child = try await CLIProcess.start(
      ["followers", "mona", "--api-url", server.baseURL.absoluteString],
      environment: ["ACTION_DISPATCH_MAX_RETRIES": "1", "NO_COLOR": "1"], outputs: .bothOnTerminal)
    let result = await child.result()
    let shown = await child.terminal.waitForEnd()

    #expect(result.status == 0)
    #expect(server.requestCount == 2)
    let waiting = try #require(
      shown.range(of: #"Waiting until \d\d:\d\d:\d\d UTC \([12] s\) to retry: "#, options: .regularExpression),
      "no wait shown in \(shown.debugDescription)")
    #expect(shown[waiting.upperBound...].hasPrefix("GitHub's secondary rate limit\r\u{1B}[2K"))
    #expect(shown.contains("mona-follower-2  User          https://github.com/mona-follower-2\r\n"))
  }

  @Test func aServerErrorThatAsksForADayFailsAtOnceWithoutClaimingARetry() async throws {
    server.respond(
      to: "/users/mona/followers",
      with: .jsonObject(503, ["message": "Service Unavailable"], headers: [("Retry-After", "86400")]))
    let result = try await CLIProcess.run(
      ["followers", "mona", "--api-url", server.baseURL.absoluteString],
      environment: ["ACTION_DISPATCH_MAX_RETRIES": "3"])
    let message =
      "error: GitHub answered with a server error (HTTP 503) and asked to be asked again in 24 hours, "
      + "longer than this client waits, so it did not retry. Try again after that, and see https://www.githubstatus.com.\n"
    #expect(result == CLIResult(stdout: "", stderr: message, status: 1))
    #expect(server.requestCount == 1)
  }

  @Test func aTooManyRequestsThatAsksForADayFailsAtOnce() async throws {
    server.respond(
      to: "/users/mona/followers",
      with: .jsonObject(429, ["message": "slow down"], headers: [("Retry-After", "86400")]))
    let result = try await CLIProcess.run(
      ["followers", "mona", "--api-url", server.baseURL.absoluteString],
      environment: ["ACTION_DISPATCH_MAX_RETRIES": "3"])
    let message =
      "error: GitHub's secondary rate limit was hit (too many requests in a short time); wait 24 hours before "
      + "trying again, and make fewer requests at once.\n"
    #expect(result == CLIResult(stdout: "", stderr: message, status: 1))
    #expect(server.requestCount == 1)
  }
}
