import FakeGitHubServer
import Foundation
import Testing

/// Every usage error: the whole standard error (`error: …`, the short usage line, where to
/// read more), nothing on standard output, exit status 2, and no request sent.
@Suite struct UsageErrorTests {
  static let usernameRule = "Usernames are 1 to 39 characters: ASCII letters, digits and hyphens."

  static let parsingCases: [UsageErrorCase] = [
    UsageErrorCase(
      arguments: ["folowers", "octocat"], message: "unknown subcommand 'folowers'; did you mean 'followers'?",
      command: nil),
    UsageErrorCase(arguments: ["list"], message: "unknown subcommand 'list'", command: nil),
    UsageErrorCase(arguments: ["--bogus"], message: "unknown option '--bogus'", command: nil),
    UsageErrorCase(
      arguments: ["--verison"], message: "unknown option '--verison'; did you mean '--version'?", command: nil),
    UsageErrorCase(arguments: ["--version", "followers"], message: "unexpected argument 'followers'", command: nil),
    UsageErrorCase(arguments: ["followers"], message: "missing expected argument '<username>'", command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "--json"], message: "missing expected argument '<username>'", command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "octocat", "mona"], message: "unexpected argument 'mona'", command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "octocat", "--limt", "5"], message: "unknown option '--limt'; did you mean '--limit'?",
      command: "followers"),
    UsageErrorCase(arguments: ["followers", "octocat", "-x"], message: "unknown option '-x'", command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "octocat", "--version"], message: "unknown option '--version'", command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "octocat", "--limit"], message: "missing value for '--limit <n>'", command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "octocat", "--limit", "--json"], message: "missing value for '--limit <n>'",
      command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "octocat", "--limit", "many"],
      message:
        "invalid value 'many' for '--limit <n>': expected a whole number, 1 to 1,000,000 (--all lists every follower)",
      command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "octocat", "--limit=0"],
      message:
        "invalid value '0' for '--limit <n>': expected a whole number, 1 to 1,000,000 (--all lists every follower)",
      command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "octocat", "--limit", "-5"],
      message:
        "invalid value '-5' for '--limit <n>': expected a whole number, 1 to 1,000,000 (--all lists every follower)",
      command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "octocat", "--all", "--limit", "5"],
      message: "'--limit' and '--all' cannot be used together: --all lists every follower", command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "octocat", "--concurrency", "2"],
      message: "'--concurrency' applies only with '--all'", command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "octocat", "--all", "--concurrency", "5"],
      message: "invalid value '5' for '--concurrency <n>': expected a whole number, 1 to 4", command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "octocat", "--all", "--concurrency", "0"],
      message: "invalid value '0' for '--concurrency <n>': expected a whole number, 1 to 4", command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "octocat", "--json=yes"], message: "'--json' takes no value, but was given 'yes'",
      command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "octocat", "--api-url", "ftp://example.com"],
      message:
        "invalid value 'ftp://example.com' for '--api-url <url>': expected an http or https URL such as https://github.example.com/api/v3",
      command: "followers"),
    UsageErrorCase(
      arguments: ["profile", "octocat", "--api-url=api.github.com"],
      message:
        "invalid value 'api.github.com' for '--api-url <url>': expected an http or https URL such as https://github.example.com/api/v3",
      command: "profile"),
    UsageErrorCase(
      arguments: ["search", "octo", "--api-url", "https://example.com/api?x=1"],
      message:
        "invalid value 'https://example.com/api?x=1' for '--api-url <url>': expected an http or https URL such as https://github.example.com/api/v3",
      command: "search"),
    UsageErrorCase(
      arguments: ["profile", "octocat", "--demo", "--api-url", "https://example.com"],
      message: "'--demo' and '--api-url' cannot be used together: --demo sends no request", command: "profile"),
    UsageErrorCase(arguments: ["profile"], message: "missing expected argument '<username>'", command: "profile"),
    UsageErrorCase(arguments: ["search"], message: "missing expected argument '<query>'", command: "search"),
    UsageErrorCase(arguments: ["search", "  "], message: "the search query is empty", command: "search"),
    UsageErrorCase(
      arguments: ["search", String(repeating: "a", count: 257)],
      message: "the search query is 257 characters long; GitHub accepts at most 256", command: "search"),
    UsageErrorCase(
      arguments: ["help", "folowers"], message: "unknown subcommand 'folowers'; did you mean 'followers'?",
      command: "help"),
    UsageErrorCase(
      arguments: ["help", "followers", "profile"], message: "unexpected argument 'profile'", command: "help"),
    UsageErrorCase(
      arguments: ["help", "scaffold", "actoin"], message: "unknown subcommand 'actoin'; did you mean 'action'?",
      command: "help"),
    UsageErrorCase(
      arguments: ["scaffold", "help", "actoin"], message: "unknown subcommand 'actoin'; did you mean 'action'?",
      command: "help"),
    UsageErrorCase(
      arguments: ["help", "scaffold", "action", "unfollow"], message: "unexpected argument 'unfollow'",
      command: "help"),
  ]

  static let usernameCases: [UsageErrorCase] = [
    UsageErrorCase(
      arguments: ["followers", ""], message: #""" is not a valid GitHub username: it is empty. \#(usernameRule)"#,
      command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "mona lisa"],
      message: #""mona lisa" is not a valid GitHub username: it contains a space. \#(usernameRule)"#,
      command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "mona_lisa"],
      message: #""mona_lisa" is not a valid GitHub username: it contains "_" (use a hyphen). \#(usernameRule)"#,
      command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "../admin"],
      message:
        #""../admin" is not a valid GitHub username: it contains ".". \#(usernameRule)"#,
      command: "followers"),
    UsageErrorCase(
      arguments: ["followers", "--", "-mona"],
      message: #""-mona" is not a valid GitHub username: it starts with a hyphen. \#(usernameRule)"#,
      command: "followers"),
    UsageErrorCase(
      arguments: ["profile", String(repeating: "a", count: 40)],
      message:
        #""\#(String(repeating: "a", count: 40))" is not a valid GitHub username: it is 40 characters long, and the longest is 39. \#(usernameRule)"#,
      command: "profile"),
    UsageErrorCase(
      arguments: ["profile", "zoë"],
      message:
        #""zoë" is not a valid GitHub username: it contains "ë" (U+00EB; only ASCII is allowed). \#(usernameRule)"#,
      command: "profile"),
  ]

  @Test(arguments: parsingCases + usernameCases)
  func usageErrorIsReportedWithUsageLine(_ testCase: UsageErrorCase) async throws {
    let result = try await CLIProcess.run(testCase.arguments)
    #expect(result == CLIResult(stdout: "", stderr: testCase.expectedStderr, status: 2))
  }

  @Test(arguments: usernameCases)
  func invalidUsernameSendsNoRequest(_ testCase: UsageErrorCase) async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    let arguments =
      [testCase.arguments[0], "--api-url", server.baseURL.absoluteString] + testCase.arguments.dropFirst()
    let result = try await CLIProcess.run(arguments)
    #expect(result == CLIResult(stdout: "", stderr: testCase.expectedStderr, status: 2))
    #expect(server.requestCount == 0)
  }
}
