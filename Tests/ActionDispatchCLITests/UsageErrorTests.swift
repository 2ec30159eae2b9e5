import FakeGitHubServer
import Foundation
import Testing

/// Every usage error: the whole standard error (`error: …`, the short usage line, where to
/// read more), nothing on standard output, exit status 2, and no request sent.
@Suite struct UsageErrorTests {
  /// One wrong command line and what must be said about it.
  struct Case: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    /// The subcommand whose usage is shown; `nil` for the root command.
    let command: String?

    var testDescription: String { "action-dispatch " + arguments.joined(separator: " ") }

    /// The whole standard error.
    var expectedStderr: String {
      let usage: String
      switch command {
      case nil: usage = "action-dispatch <subcommand>"
      case "help": usage = "action-dispatch help [<subcommand>]"
      case "followers", "profile": usage = "action-dispatch \(command!) <username> [<options>]"
      case "search": usage = "action-dispatch search <query> [<options>]"
      default: preconditionFailure("no usage line for \(command!)")
      }
      let help = command.map { "action-dispatch help \($0)" } ?? "action-dispatch help"
      return "error: \(message)\nUsage: \(usage)\nSee '\(help)'.\n"
    }
  }

  static let usernameRule = "Usernames are 1 to 39 characters: ASCII letters, digits and hyphens."

  static let parsingCases: [Case] = [
    Case(
      arguments: [], message: "missing subcommand; choose one of: followers, profile, search, scaffold, help",
      command: nil),
    Case(
      arguments: ["folowers", "octocat"], message: "unknown subcommand 'folowers'; did you mean 'followers'?",
      command: nil),
    Case(arguments: ["list"], message: "unknown subcommand 'list'", command: nil),
    Case(arguments: ["--bogus"], message: "unknown option '--bogus'", command: nil),
    Case(arguments: ["--verison"], message: "unknown option '--verison'; did you mean '--version'?", command: nil),
    Case(arguments: ["--version", "followers"], message: "unexpected argument 'followers'", command: nil),
    Case(arguments: ["followers"], message: "missing expected argument '<username>'", command: "followers"),
    Case(arguments: ["followers", "--json"], message: "missing expected argument '<username>'", command: "followers"),
    Case(arguments: ["followers", "octocat", "mona"], message: "unexpected argument 'mona'", command: "followers"),
    Case(
      arguments: ["followers", "octocat", "--limt", "5"], message: "unknown option '--limt'; did you mean '--limit'?",
      command: "followers"),
    Case(arguments: ["followers", "octocat", "-x"], message: "unknown option '-x'", command: "followers"),
    Case(
      arguments: ["followers", "octocat", "--version"], message: "unknown option '--version'", command: "followers"),
    Case(
      arguments: ["followers", "octocat", "--limit"], message: "missing value for '--limit <n>'", command: "followers"),
    Case(
      arguments: ["followers", "octocat", "--limit", "--json"], message: "missing value for '--limit <n>'",
      command: "followers"),
    Case(
      arguments: ["followers", "octocat", "--limit", "many"],
      message: "invalid value 'many' for '--limit <n>': expected a whole number, 1 or more", command: "followers"),
    Case(
      arguments: ["followers", "octocat", "--limit=0"],
      message: "invalid value '0' for '--limit <n>': expected a whole number, 1 or more", command: "followers"),
    Case(
      arguments: ["followers", "octocat", "--limit", "-5"],
      message: "invalid value '-5' for '--limit <n>': expected a whole number, 1 or more", command: "followers"),
    Case(
      arguments: ["followers", "octocat", "--all", "--limit", "5"],
      message: "'--limit' and '--all' cannot be used together: --all lists every follower", command: "followers"),
    Case(
      arguments: ["followers", "octocat", "--concurrency", "2"],
      message: "'--concurrency' applies only with '--all'", command: "followers"),
    Case(
      arguments: ["followers", "octocat", "--all", "--concurrency", "5"],
      message: "invalid value '5' for '--concurrency <n>': expected a whole number, 1 to 4", command: "followers"),
    Case(
      arguments: ["followers", "octocat", "--all", "--concurrency", "0"],
      message: "invalid value '0' for '--concurrency <n>': expected a whole number, 1 to 4", command: "followers"),
    Case(
      arguments: ["followers", "octocat", "--json=yes"], message: "'--json' takes no value, but was given 'yes'",
      command: "followers"),
    Case(
      arguments: ["followers", "octocat", "--api-url", "ftp://example.com"],
      message:
        "invalid value 'ftp://example.com' for '--api-url <url>': expected an http or https URL such as https://github.example.com/api/v3",
      command: "followers"),
    Case(
      arguments: ["profile", "octocat", "--api-url=api.github.com"],
      message:
        "invalid value 'api.github.com' for '--api-url <url>': expected an http or https URL such as https://github.example.com/api/v3",
      command: "profile"),
    Case(
      arguments: ["search", "octo", "--api-url", "https://example.com/api?x=1"],
      message:
        "invalid value 'https://example.com/api?x=1' for '--api-url <url>': expected an http or https URL such as https://github.example.com/api/v3",
      command: "search"),
    Case(
      arguments: ["profile", "octocat", "--demo", "--api-url", "https://example.com"],
      message: "'--demo' and '--api-url' cannot be used together: --demo sends no request", command: "profile"),
    Case(arguments: ["profile"], message: "missing expected argument '<username>'", command: "profile"),
    Case(arguments: ["search"], message: "missing expected argument '<query>'", command: "search"),
    Case(arguments: ["search", "  "], message: "the search query is empty", command: "search"),
    Case(
      arguments: ["search", String(repeating: "a", count: 257)],
      message: "the search query is 257 characters long; GitHub accepts at most 256", command: "search"),
    Case(
      arguments: ["help", "folowers"], message: "unknown subcommand 'folowers'; did you mean 'followers'?",
      command: "help"),
    Case(arguments: ["help", "followers", "profile"], message: "unexpected argument 'profile'", command: "help"),
  ]

  static let usernameCases: [Case] = [
    Case(
      arguments: ["followers", ""], message: #""" is not a valid GitHub username: it is empty. \#(usernameRule)"#,
      command: "followers"),
    Case(
      arguments: ["followers", "mona lisa"],
      message: #""mona lisa" is not a valid GitHub username: it contains a space. \#(usernameRule)"#,
      command: "followers"),
    Case(
      arguments: ["followers", "mona_lisa"],
      message: #""mona_lisa" is not a valid GitHub username: it contains "_" (use a hyphen). \#(usernameRule)"#,
      command: "followers"),
    Case(
      arguments: ["followers", "../admin"],
      message:
        #""../admin" is not a valid GitHub username: it contains ".". \#(usernameRule)"#,
      command: "followers"),
    Case(
      arguments: ["followers", "--", "-mona"],
      message: #""-mona" is not a valid GitHub username: it starts with a hyphen. \#(usernameRule)"#,
      command: "followers"),
    Case(
      arguments: ["profile", String(repeating: "a", count: 40)],
      message:
        #""\#(String(repeating: "a", count: 40))" is not a valid GitHub username: it is 40 characters long, and the longest is 39. \#(usernameRule)"#,
      command: "profile"),
    Case(
      arguments: ["profile", "zoë"],
      message:
        #""zoë" is not a valid GitHub username: it contains "ë" (U+00EB; only ASCII is allowed). \#(usernameRule)"#,
      command: "profile"),
  ]

  @Test(arguments: parsingCases + usernameCases)
  func usageErrorIsReportedWithUsageLine(_ testCase: Case) async throws {
    let result = try await CLIProcess.run(testCase.arguments)
    #expect(result == CLIResult(stdout: "", stderr: testCase.expectedStderr, status: 2))
  }

  @Test(arguments: usernameCases)
  func invalidUsernameSendsNoRequest(_ testCase: Case) async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    let arguments =
      [testCase.arguments[0], "--api-url", server.baseURL.absoluteString] + testCase.arguments.dropFirst()
    let result = try await CLIProcess.run(arguments)
    #expect(result == CLIResult(stdout: "", stderr: testCase.expectedStderr, status: 2))
    #expect(server.requestCount == 0)
  }
}
