import FakeGitHubServer
import Testing

/// Every numeric option is range-checked before anything is sent: a usage error, exit 2, never
/// a crash (`--limit 9223372036854775807` once overflowed the page arithmetic: SIGILL).
@Suite struct NumericOptionRangeTests {
  static let limitExpected = "expected a whole number, 1 to 1,000,000 (--all lists every follower)"

  @Test(arguments: [
    (["--limit", "9223372036854775807"], "invalid value '9223372036854775807' for '--limit <n>': \(limitExpected)"),
    (["--limit", "9223372036854775808"], "invalid value '9223372036854775808' for '--limit <n>': \(limitExpected)"),
    (["--limit", "1000001"], "invalid value '1000001' for '--limit <n>': \(limitExpected)"),
    (["--limit", "-9223372036854775808"], "invalid value '-9223372036854775808' for '--limit <n>': \(limitExpected)"),
    (
      ["--all", "--concurrency", "9223372036854775807"],
      "invalid value '9223372036854775807' for '--concurrency <n>': expected a whole number, 1 to 4"
    ),
    (["--all", "--max-pages", "0"], "invalid value '0' for '--max-pages <n>': expected a whole number, 1 to 100,000"),
    (
      ["--all", "--max-pages", "9223372036854775807"],
      "invalid value '9223372036854775807' for '--max-pages <n>': expected a whole number, 1 to 100,000"
    ),
    (["--max-pages", "1e3"], "invalid value '1e3' for '--max-pages <n>': expected a whole number, 1 to 100,000"),
  ])
  func outOfRangeIsAUsageErrorAndSendsNothing(arguments: [String], message: String) async throws {
    let server = try FakeGitHubServer()
    let result = try await CLIProcess.run(
      ["followers", "octocat"] + arguments + ["--api-url", server.baseURL.absoluteString])
    let stderr =
      "error: \(message)\nUsage: action-dispatch followers <username> [<options>]\nSee 'action-dispatch help followers'.\n"
    #expect(result == CLIResult(stdout: "", stderr: stderr, status: 2))
    #expect(server.requestCount == 0)
  }

  @Test func theLargestLimitIsAccepted() async throws {
    let server = try FakeGitHubServer()
    server.addUser("octocat", followers: 3)
    let result = try await CLIProcess.run(
      ["followers", "octocat", "--limit", "1000000", "--api-url", server.baseURL.absoluteString])
    #expect(result.status == 0)
    #expect(result.stdout.split(separator: "\n").count == 4)
    #expect(server.requestCount == 1)
  }
}
