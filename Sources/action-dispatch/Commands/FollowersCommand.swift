import GitHubFollowers

/// `action-dispatch followers <username>`: lists a user's followers as pages arrive.
///
/// ```
/// $ action-dispatch followers octocat --limit 3 --demo
/// LOGIN        TYPE          URL
/// amber-otter  User          https://demo.invalid/amber-otter
/// amber-heron  User          https://demo.invalid/amber-heron
/// amber-lynx   User          https://demo.invalid/amber-lynx
/// ```
///
/// Without `--all`, pages of 30 (GitHub's default) are fetched until `--limit` is reached
/// (`fetchFollowers`, then `loadNextPage`); with `--all`, every page of 100 (`loadAllPages`),
/// one at a time unless `--concurrency` says otherwise.
struct FollowersCommand: Command {
  /// `<username>`.
  static let username = ArgumentDefinition(name: "username", help: "The GitHub login whose followers to list.")
  /// `--limit <n>`.
  static let limit = OptionDefinition.option(
    "limit", value: "n", default: String(defaultLimit),
    help: "List at most <n> followers, fetching pages of 30 until there are enough.")
  /// `--all`.
  static let all = OptionDefinition.flag("all", help: "List every follower, fetching pages of 100.")
  /// `--concurrency <n>`.
  static let concurrency = OptionDefinition.option(
    "concurrency", value: "n", default: "1",
    help: "With --all, fetch up to <n> pages at once (at most 4) once the number of pages is known. "
      + "GitHub asks clients to fetch pages one at a time; use only when you need the speed.")

  /// The number of followers listed without `--limit` or `--all`: one page.
  static let defaultLimit = 30
  /// The largest `--concurrency`.
  static let maxConcurrency = 4

  static let configuration = CommandConfiguration(
    commandName: "followers",
    abstract: "List a user's followers.",
    discussion: """
      Prints a table (LOGIN, TYPE, URL) on standard output as pages arrive. LOGIN is as wide as \
      the longest login on the first page; a longer login on a later page widens only its own row.

      With --json, prints one JSON array with GitHub's field names once every page has arrived.

      If a page fails after others were listed, the error says how many followers were listed \
      and the exit status is 1: a list is never cut short silently.
      """,
    arguments: [username],
    options: [limit, all, concurrency] + GitHubOptions.definitions,
    environment: GitHubOptions.environment)

  /// `<username>`, validated: the user whose followers to list.
  let username: String
  /// `--limit`: the most followers to list; `nil` with `--all`.
  let limit: Int?
  /// `--concurrency`: pages in flight at once with `--all`.
  let concurrency: Int
  /// `--json`, `--api-url`, `--demo`.
  let options: GitHubOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    username = try arguments.username(Self.username)
    options = try GitHubOptions(arguments)
    let limitValue = try arguments.integer(Self.limit, in: 1...Int.max, expected: "1 or more")
    let all = arguments.flag(Self.all)
    if all, limitValue != nil {
      throw .conflict(Self.limit, Self.all, because: "--all lists every follower")
    }
    limit = all ? nil : limitValue ?? Self.defaultLimit
    let concurrencyValue = try arguments.integer(Self.concurrency, in: 1...Self.maxConcurrency, expected: "1 to 4")
    if concurrencyValue != nil, !all {
      throw UsageError("'\(Self.concurrency.spelling)' applies only with '\(Self.all.spelling)'")
    }
    concurrency = concurrencyValue ?? 1
  }

  func run(in context: CommandContext) async -> ExitCode {
    let viewModel = FollowersViewModel(service: options.makeService(environment: context.environment))
    let pageSize = limit == nil ? 100 : FollowersViewModel.defaultPerPage
    let plannedPages = limit.map { ($0 + pageSize - 1) / pageSize } ?? Int.max
    let username = self.username
    let presenter = LoadingPresenter(
      viewModel: viewModel, actions: [.fetchFollowers, .loadNextPage, .loadAllPages], context: context
    ) { [weak viewModel] in
      guard let viewModel else { return "" }
      let page = viewModel.pagesLoaded + 1
      guard let total = viewModel.lastPage.map({ min($0, plannedPages) }) else {
        return "Fetching followers of \(username)… page \(page)"
      }
      return "Fetching followers of \(username)… page \(min(page, total)) of \(total)"
    }
    defer { presenter.end() }
    let view = FollowerListView(
      viewModel: viewModel, username: username, context: context, spinner: presenter.spinner, json: options.json,
      limit: limit ?? Int.max)
    view.startUpdating()

    guard let limit else {
      await viewModel.loadAllPages(for: username, perPage: pageSize, concurrency: concurrency).value
      return view.finish(error: viewModel.error(for: .loadAllPages))
    }
    await viewModel.fetchFollowers(for: username, perPage: pageSize).value
    if let error = viewModel.error(for: .fetchFollowers) {
      return view.finish(error: error)
    }
    while viewModel.followers.count < limit, viewModel.hasMorePages {
      let before = viewModel.followers.count
      await viewModel.loadNextPage().value
      if let error = viewModel.error(for: .loadNextPage) {
        return view.finish(error: error)
      }
      if viewModel.followers.count == before { break }  // an empty page: nothing more to get
    }
    return view.finish(error: nil)
  }
}
