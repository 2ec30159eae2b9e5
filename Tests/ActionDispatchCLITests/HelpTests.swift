import Testing

/// `--help`, `-h`, `help [<subcommand> ...]`, no arguments at all, and `--version`: whole
/// outputs, byte for byte.
@Suite struct HelpTests {
  @Test(arguments: [[], ["--help"], ["-h"], ["help"]])
  func rootHelpListsSubcommandsAndExitStatus(arguments: [String]) async throws {
    let result = try await CLIProcess.run(arguments)
    #expect(result == CLIResult(stdout: Self.rootHelp + "\n", stderr: "", status: 0))
  }

  @Test(arguments: [
    ["followers", "--help"], ["followers", "-h"], ["help", "followers"],
    ["followers", "octocat", "--limit", "many", "--help"],
  ])
  func followersHelp(arguments: [String]) async throws {
    let result = try await CLIProcess.run(arguments)
    #expect(result == CLIResult(stdout: Self.followersHelp + "\n", stderr: "", status: 0))
  }

  @Test(arguments: [["profile", "--help"], ["help", "profile"]])
  func profileHelp(arguments: [String]) async throws {
    let result = try await CLIProcess.run(arguments)
    #expect(result == CLIResult(stdout: Self.profileHelp + "\n", stderr: "", status: 0))
  }

  @Test(arguments: [["search", "-h"], ["help", "search"]])
  func searchHelp(arguments: [String]) async throws {
    let result = try await CLIProcess.run(arguments)
    #expect(result == CLIResult(stdout: Self.searchHelp + "\n", stderr: "", status: 0))
  }

  @Test func helpHelp() async throws {
    let result = try await CLIProcess.run(["help", "--help"])
    #expect(result == CLIResult(stdout: Self.helpHelp + "\n", stderr: "", status: 0))
  }

  @Test func helpAfterDoubleDashIsAnArgument() async throws {
    let result = try await CLIProcess.run(["followers", "--", "--help"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix(#"error: "--help" is not a valid GitHub username"#))
  }

  @Test func versionPrintsNameAndVersion() async throws {
    let result = try await CLIProcess.run(["--version"])
    #expect(result == CLIResult(stdout: "action-dispatch 0.1.0\n", stderr: "", status: 0))
  }

  static let rootHelp =
    """
    OVERVIEW: GitHub followers, profiles and user search through FollowersViewModel,
    and test scaffolding.

    followers, profile and search drive the same FollowersViewModel that a SwiftUI
    list uses. Results go to standard output (a table, or JSON with --json); errors
    go to standard error, and progress too when both are terminals. scaffold writes
    a new action's tests, or a new view model, from the templates in Templates/.

    Exit status: 0 success, 1 a failed request or a file not written, 2 a usage
    error, 130 interrupted.

    USAGE: action-dispatch <subcommand>

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      followers               List a user's followers.
      profile                 Show a user's profile.
      search                  Search GitHub users.
      browse                  Browse followers interactively, full screen.
      scaffold                Generate a new action's tests, or a new view model.
      help                    Show help for a subcommand.

      See 'action-dispatch help <subcommand>' for detailed help.
    """

  static let followersHelp =
    """
    OVERVIEW: List a user's followers.

    Prints a table (LOGIN, TYPE, URL) on standard output as pages arrive. LOGIN is
    as wide as the longest login on the first page; a longer login on a later page
    widens only its own row.

    With --json, prints one JSON array with GitHub's field names, element by element
    as pages arrive. The array is closed even when a page fails, so standard output
    is always valid JSON; an incomplete array comes with exit status 1 and the error
    on standard error.

    If a page fails after others were listed, the error says how many followers were
    listed and the exit status is 1: a list is never cut short silently.

    A server's pages are checked as they arrive: a link to another server is not
    followed, and paging stops with exit status 1 on a link back to a page already
    fetched, an empty page that links on, a page that adds no follower, and more
    requests than the first page's last link or --limit can justify. A follower
    listed twice is shown once, with a note.

    USAGE: action-dispatch followers <username> [--limit <n>] [--all]
                                     [--concurrency <n>] [--max-pages <n>] [--json]
                                     [--api-url <url>] [--timeout <seconds>]
                                     [--cache <duration>] [--demo]

    ARGUMENTS:
      <username>              The GitHub login whose followers to list.

    OPTIONS:
      --limit <n>             List at most <n> followers (up to 1,000,000), fetching
                              pages of 30 until there are enough. (default: 30)
      --all                   List every follower, fetching pages of 100.
      --concurrency <n>       With --all, fetch up to <n> pages at once (at most 4)
                              once the number of pages is known. GitHub asks clients
                              to fetch pages one at a time; use only when you need
                              the speed. (default: 1)
      --max-pages <n>         Fetch at most <n> pages (1 to 100,000), then stop with
                              a note if the server has more. (default: none)
      --json                  Print JSON with GitHub's field names instead of text,
                              for jq and scripts.
      --api-url <url>         The GitHub REST API to ask; for GitHub Enterprise
                              Server, https://HOST/api/v3. (default:
                              https://api.github.com)
      --timeout <seconds>     The longest one request may take, from sending it to
                              the last byte of the answer; a request that runs out
                              of time fails at once, without retrying. (default: 30)
      --cache <duration>      Use an answer kept on disk (in $XDG_CACHE_HOME or
                              ~/.cache) for this long without a request, such as
                              90s, 10m, 1h or 1d; after that, ask again with
                              If-None-Match, free when unchanged.
      --demo                  Answer from bundled fixtures (the user octocat and 45
                              followers), offline: no request is sent.
      -h, --help              Show help information.

    ENVIRONMENT:
      GITHUB_TOKEN            A token to authenticate with; raises the rate limit
                              from 60 to 5,000 requests an hour. Sent only to the
                              API URL, never printed.
      GH_TOKEN                Used when GITHUB_TOKEN is unset or empty.
      NO_COLOR                Set to a non-empty value to turn colour off.
    """

  static let profileHelp =
    """
    OVERVIEW: Show a user's profile.

    Prints the profile as aligned lines on standard output, leaving out fields the
    user left empty; with --json, GitHub's JSON object.

    USAGE: action-dispatch profile <username> [--json] [--api-url <url>]
                                   [--timeout <seconds>] [--cache <duration>]
                                   [--demo]

    ARGUMENTS:
      <username>              The GitHub login whose profile to show.

    OPTIONS:
      --json                  Print JSON with GitHub's field names instead of text,
                              for jq and scripts.
      --api-url <url>         The GitHub REST API to ask; for GitHub Enterprise
                              Server, https://HOST/api/v3. (default:
                              https://api.github.com)
      --timeout <seconds>     The longest one request may take, from sending it to
                              the last byte of the answer; a request that runs out
                              of time fails at once, without retrying. (default: 30)
      --cache <duration>      Use an answer kept on disk (in $XDG_CACHE_HOME or
                              ~/.cache) for this long without a request, such as
                              90s, 10m, 1h or 1d; after that, ask again with
                              If-None-Match, free when unchanged.
      --demo                  Answer from bundled fixtures (the user octocat and 45
                              followers), offline: no request is sent.
      -h, --help              Show help information.

    ENVIRONMENT:
      GITHUB_TOKEN            A token to authenticate with; raises the rate limit
                              from 60 to 5,000 requests an hour. Sent only to the
                              API URL, never printed.
      GH_TOKEN                Used when GITHUB_TOKEN is unset or empty.
      NO_COLOR                Set to a non-empty value to turn colour off.
    """

  static let searchHelp =
    """
    OVERVIEW: Search GitHub users.

    Prints the first page of matches, best first, as a table (LOGIN, TYPE, URL) on
    standard output; with --json, one JSON array with GitHub's field names. Quote a
    query that has spaces.

    USAGE: action-dispatch search <query> [--json] [--api-url <url>]
                                  [--timeout <seconds>] [--cache <duration>]
                                  [--demo]

    ARGUMENTS:
      <query>                 What to search for; GitHub qualifiers such as type:org
                              or followers:>100 work.

    OPTIONS:
      --json                  Print JSON with GitHub's field names instead of text,
                              for jq and scripts.
      --api-url <url>         The GitHub REST API to ask; for GitHub Enterprise
                              Server, https://HOST/api/v3. (default:
                              https://api.github.com)
      --timeout <seconds>     The longest one request may take, from sending it to
                              the last byte of the answer; a request that runs out
                              of time fails at once, without retrying. (default: 30)
      --cache <duration>      Use an answer kept on disk (in $XDG_CACHE_HOME or
                              ~/.cache) for this long without a request, such as
                              90s, 10m, 1h or 1d; after that, ask again with
                              If-None-Match, free when unchanged.
      --demo                  Answer from bundled fixtures (the user octocat and 45
                              followers), offline: no request is sent.
      -h, --help              Show help information.

    ENVIRONMENT:
      GITHUB_TOKEN            A token to authenticate with; raises the rate limit
                              from 60 to 5,000 requests an hour. Sent only to the
                              API URL, never printed.
      GH_TOKEN                Used when GITHUB_TOKEN is unset or empty.
      NO_COLOR                Set to a non-empty value to turn colour off.
    """

  static let helpHelp =
    """
    OVERVIEW: Show help for a subcommand.

    USAGE: action-dispatch help [<subcommand> ...]

    ARGUMENTS:
      [<subcommand> ...]      The subcommand to show help for, such as followers or
                              scaffold action; the root command's help when omitted.

    OPTIONS:
      -h, --help              Show help information.
    """
}
