import CommandLineKit
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
/// Without `--all`, pages of 30 (GitHub's default) are fetched until `--limit` is reached;
/// with `--all`, every page of 100, one at a time unless `--concurrency` says otherwise; either
/// way through ``FollowersStreamViewModel``, which stops a server whose pages cannot be
/// trusted, stops at `--max-pages`, and keeps no follower once written: memory stays the same
/// from the first row to the millionth.
struct FollowersCommand: Command {
  /// `<username>`.
  static let username = ArgumentDefinition(name: "username", help: "The GitHub login whose followers to list.")
  /// `--limit <n>`.
  static let limit = OptionDefinition.option(
    "limit", value: "n", default: String(defaultLimit),
    help: "List at most <n> followers (up to 1,000,000), fetching pages of 30 until there are enough.")
  /// `--all`.
  static let all = OptionDefinition.flag("all", help: "List every follower, fetching pages of 100.")
  /// `--max-pages <n>`.
  static let maxPages = OptionDefinition.option(
    "max-pages", value: "n", default: "none",
    help: "Fetch at most <n> pages (1 to 100,000), then stop with a note if the server has more.")
  /// `--concurrency <n>`.
  static let concurrency = OptionDefinition.option(
    "concurrency", value: "n", default: "1",
    help: "With --all, fetch up to <n> pages at once (at most 4) once the number of pages is known. "
      + "GitHub asks clients to fetch pages one at a time; use only when you need the speed.")

  /// The number of followers listed without `--limit` or `--all`: one page.
  static let defaultLimit = 30
  /// The largest `--concurrency`.
  static let maxConcurrency = 4
  /// The largest `--limit`: more than any GitHub account's followers.
  static let maxLimit = 1_000_000
  /// The largest `--max-pages`.
  static let maxMaxPages = 100_000

  static let configuration = CommandConfiguration(
    commandName: "followers",
    abstract: "List a user's followers.",
    discussion: """
      Prints a table (LOGIN, TYPE, URL) on standard output as pages arrive. LOGIN is as wide as \
      the longest login on the first page; a longer login on a later page widens only its own row.

      With --json, prints one JSON array with GitHub's field names, element by element as pages \
      arrive. The array is closed even when a page fails, so standard output is always valid \
      JSON; an incomplete array comes with exit status 1 and the error on standard error.

      If a page fails after others were listed, the error says how many followers were listed \
      and the exit status is 1: a list is never cut short silently.

      A server's pages are checked as they arrive: a link to another server is not followed, and \
      paging stops with exit status 1 on a link back to a page already fetched, an empty page that \
      links on, a page that adds no follower, and more requests than the first page's last link \
      or --limit can justify. A follower listed twice is shown once, with a note.
      """,
    arguments: [username],
    options: [limit, all, concurrency, maxPages] + GitHubOptions.definitions,
    environment: GitHubOptions.environment)

  /// `<username>`, validated: the user whose followers to list.
  let username: GitHubUsername
  /// `--limit`: the most followers to list; `nil` with `--all`.
  let limit: Int?
  /// `--concurrency`: pages in flight at once with `--all`.
  let concurrency: Int
  /// `--max-pages`: the most pages to fetch; `nil` for no cap.
  let maxPages: Int?
  /// `--json`, `--api-url`, `--demo`.
  let options: GitHubOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    username = try arguments.username(Self.username)
    options = try GitHubOptions(arguments)
    let limitValue = try arguments.integer(
      Self.limit, in: 1...Self.maxLimit, expected: "1 to 1,000,000 (--all lists every follower)")
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
    maxPages = try arguments.integer(Self.maxPages, in: 1...Self.maxMaxPages, expected: "1 to 100,000")
  }

  func run(in context: CommandContext) async -> ExitCode {
    let waits = RetryWaitNotice()
    let viewModel = FollowersStreamViewModel(
      service: options.makeService(in: context, waits: waits),
      loadingIndicator: LoadingPresenter.indicator)
    let pageSize = limit == nil ? 100 : FollowersViewModel.defaultPerPage
    let plannedPages = min(limit.map { ($0 + pageSize - 1) / pageSize } ?? Int.max, maxPages ?? Int.max)
    let username = self.username
    let presenter = LoadingPresenter(viewModel: viewModel, actions: [.loadAllPages], context: context, waits: waits) {
      [weak viewModel] in
      guard let viewModel else { return "" }
      let page = min(viewModel.pagesLoaded + 1, plannedPages)
      guard let total = viewModel.lastPage.map({ min($0, plannedPages) }) else {
        return "Fetching followers of \(username)… page \(page)"
      }
      return "Fetching followers of \(username)… page \(min(page, total)) of \(total)"
    }
    defer { presenter.end() }
    let view = FollowerListView(
      username: username.rawValue, context: context, spinner: presenter.spinner, json: options.json)
    presenter.onInterrupt = view.interrupted

    await viewModel.loadAllPages(
      for: username, perPage: pageSize, concurrency: concurrency, limit: limit, maxPages: maxPages,
      onFollowers: view.show
    ).value
    var notes: [String] = []
    if viewModel.repeatedFollowers > 0 {
      let count = viewModel.repeatedFollowers
      notes.append(
        "the server listed \(count == 1 ? "1 follower" : "\(count) followers") again on a later page; "
          + "each follower is listed once.")
    }
    if let maxPages, viewModel.pagesLoaded >= maxPages, viewModel.hasMorePages,
      viewModel.delivered < limit ?? Int.max
    {
      notes.append(
        "stopped after \(maxPages == 1 ? "1 page" : "\(maxPages) pages") (--max-pages \(maxPages)); "
          + "\(username) has more followers.")
    }
    return view.finish(error: viewModel.errorMessage(for: .loadAllPages), notes: notes)
  }
}
