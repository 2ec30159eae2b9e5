import CommandLineKit
import GitHubFollowers

/// `action-dispatch search <query>`: searches GitHub users.
///
/// ```
/// $ action-dispatch search otter --demo
/// LOGIN          TYPE          URL
/// amber-otter    User          https://demo.invalid/amber-otter
/// ...
/// ```
///
/// The query is sent as typed, so GitHub's qualifiers work: `"octo type:org followers:>100"`.
struct SearchCommand: Command {
  /// `<query>`.
  static let query = ArgumentDefinition(
    name: "query", help: "What to search for; GitHub qualifiers such as type:org or followers:>100 work.")

  /// The longest query GitHub's search accepts.
  static let maxQueryLength = 256

  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Search GitHub users.",
    discussion: """
      Prints the first page of matches, best first, as a table (LOGIN, TYPE, URL) on standard \
      output; with --json, one JSON array with GitHub's field names. Quote a query that has spaces.
      """,
    arguments: [query],
    options: GitHubOptions.definitions,
    environment: GitHubOptions.environment)

  /// The query, as typed.
  let text: String
  /// `--json`, `--api-url`, `--demo`.
  let options: GitHubOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    text = arguments.argument(Self.query) ?? ""
    if text.allSatisfy(\.isWhitespace) {
      throw UsageError("the search query is empty")
    }
    if text.count > Self.maxQueryLength {
      throw UsageError(
        "the search query is \(text.count) characters long; GitHub accepts at most \(Self.maxQueryLength)")
    }
    options = try GitHubOptions(arguments)
  }

  func run(in context: CommandContext) async -> ExitCode {
    let waits = RetryWaitNotice()
    let viewModel = FollowersViewModel(
      service: options.makeService(in: context, waits: waits),
      searchDebounce: .zero,
      loadingIndicator: LoadingPresenter.indicator)
    let text = text
    let presenter = LoadingPresenter(viewModel: viewModel, actions: [.searchUsers], context: context, waits: waits) {
      "Searching users for \"\(text)\"…"
    }
    await viewModel.search(text).value
    presenter.end()
    if let error = viewModel.errorMessage(for: .searchUsers) {
      context.reportError(error)
      return .failure
    }
    let results = viewModel.searchResults
    if options.json {
      context.output.write(JSONOutput.text(results))
    } else if results.isEmpty {
      context.errorOutput.write("No users match \"\(TerminalText.sanitized(text))\".\n")
    } else {
      var table = FollowerTable(styleHeader: context.output.allowsColor)
      context.output.write(table.render(results))
    }
    return .success
  }
}
