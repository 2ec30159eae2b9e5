import ActionDispatch
import Foundation
import Observation

/// The state of an interactive followers browser: a navigation stack of follower lists, the
/// selection, search as you type, the selected user's profile, follow and unfollow, and a log of
/// every action's events.
///
/// Everything a screen needs is here, and every key is a method, so a SwiftUI app or the
/// terminal app `action-dispatch browse` draws it the same way: read the properties inside a
/// view (or `withObservationTracking`), call a method on a key or a tap.
///
/// ```swift
/// let browser = BrowseViewModel(username: "octocat", service: DemoFollowersService())
/// await browser.start().value
/// browser.moveDown()                     // the second follower; its profile loads, debounced
/// browser.openSelected()                 // that follower's own followers, on top of the stack
/// browser.goBack()                       // octocat's list again, selection as it was
/// await browser.moveToLast().value       // every page of octocat's followers, the last selected
/// ```
///
/// Which rows are on screen is the view's business, not this model's: a view keeps its own
/// scroll position (as `action-dispatch browse` does) and sets ``prefetchDistance`` to the rows
/// it shows. A row's login is the server's text: it is checked where it becomes a request (a
/// profile, a list, a follow), and a malformed one fails that run with
/// `GitHubError/invalidUsername(_:reason:)`, sending nothing. While the service reports GitHub's
/// rate limit used up (`FollowersService/latestRateLimit()`), profiles and follows are not
/// requested: they fail at once with `GitHubError/rateLimited(resetAt:authenticated:)`.
///
/// > Important: The class is `@Observable` itself, as every subclass of `BaseViewModel` with
/// > state of its own must be: Observation tracks only the properties of a class that carries
/// > the macro.
@MainActor
@Observable
public final class BrowseViewModel: BaseViewModel<BrowseAction> {
  /// How many events the events pane keeps.
  public static let maxEvents = 200
  /// The followers every list asks for a page: 100, GitHub's largest. The screen shows fewer,
  /// but a page costs one request whatever its size, so a list of 100,000 followers takes 1,000
  /// requests to its end; the pages after the first follow the server's `next` links.
  public static let perPage = 100

  /// The lists opened, the first user's at the bottom; never empty.
  public internal(set) var stack: [BrowseList]
  /// What the screen shows and the keys act on.
  public internal(set) var mode: BrowseMode = .followers
  /// The search query as typed.
  public internal(set) var query = ""
  /// The followers view model browse's user search (`/`) and the selected user's profile come
  /// from: its `search(_:)` and ``FollowersViewModel/loadProfile(of:force:)``, with their
  /// results, loading and errors (``FollowersAction/searchUsers``, ``FollowersAction/loadProfile``).
  public let users: FollowersViewModel
  /// The selected search result.
  public internal(set) var searchSelection = 0
  /// Whom the signed-in user follows, as far as this browser changed it, by lowercased login:
  /// set at once when `f` or `u` is pressed, rolled back when the request fails.
  public internal(set) var following: [String: Bool] = [:]
  /// The latest error or wait to tell the user about, for the status line.
  public internal(set) var notice: String?
  /// What the pane beside the list shows: the profile, the events, the cache or the keys.
  public internal(set) var pane: BrowsePane = .profile
  /// Whether the events pane is shown instead of the profile.
  public var showsEvents: Bool { pane == .events }
  /// The latest events of every run, oldest first, at most ``maxEvents``.
  public internal(set) var events: [BrowseEvent] = []
  /// GitHub's rate-limit counters as the service last reported them, for the status line.
  public internal(set) var rateLimit: RateLimit?
  /// When the rate limit, used up, resets: until then the browser sends nothing, and after it
  /// goes on by itself (``resumeIfLimitReset()``); `nil` while requests may be sent.
  public internal(set) var limitedUntil: Date?
  /// How near the end of the loaded rows a move may come before the next page is requested;
  /// a view sets it to the rows it shows, so that a page down does not run out of rows.
  public var prefetchDistance = 10

  @ObservationIgnored let service: any FollowersService
  @ObservationIgnored let followingService: (any FollowingService)?
  @ObservationIgnored let listClock: any Clock<Duration>
  @ObservationIgnored let pageIndicator: LoadingIndicator
  @ObservationIgnored let now: @Sendable () -> Date
  @ObservationIgnored var noticeSource: String?
  @ObservationIgnored var followIntents: [String: Bool] = [:]
  @ObservationIgnored var rateLimitReading: Task<Void, Never>?
  @ObservationIgnored var rateLimitReadAgain = false
  @ObservationIgnored private var eventsToken: ObservationToken?
  @ObservationIgnored private var usersToken: ObservationToken?
  @ObservationIgnored private var profileFailuresToken: ObservationToken?

  /// Creates a browser for a user's followers; ``start()`` loads the first page.
  ///
  /// - Parameters:
  ///   - user: The user whose followers are listed first.
  ///   - service: Where followers, profiles and search results come from.
  ///   - following: What follows and unfollows users; `nil` when nothing can.
  ///   - clock: The clock debounces and loading indicators wait on; a test clock in tests.
  ///   - profileDebounce: How long the selection must rest before its profile is requested.
  ///   - searchDebounce: How long typing must pause before a search is sent.
  ///   - loadingIndicator: When a list's "loading more…" row shows, so a fast page never flashes it.
  ///   - now: The time an event is logged at and the rate limit's reset is compared with; tests
  ///     inject their own.
  ///   - cache: The cache every profile the browser shows is read through (the selected row's,
  ///     each list's owner's), shared with the app's other view models; `nil` makes one
  ///     (`FollowersViewModel/makeProfileCache(clock:)` on `clock`). Give it the same clock:
  ///     profiles' freshness is measured on the cache's clock.
  public init(
    username user: GitHubUsername,
    service: any FollowersService,
    following: (any FollowingService)? = nil,
    clock: any Clock<Duration> = ContinuousClock(),
    profileDebounce: Duration = .milliseconds(120),
    searchDebounce: Duration = .milliseconds(250),
    loadingIndicator: LoadingIndicator = LoadingIndicator(
      delay: .milliseconds(150), minimumDuration: .milliseconds(400)),
    now: @escaping @Sendable () -> Date = { Date() },
    cache: QueryCache? = nil
  ) {
    let cache = cache ?? FollowersViewModel.makeProfileCache(clock: clock)
    self.cache = cache
    self.service = service
    self.followingService = following
    self.listClock = clock
    self.pageIndicator = loadingIndicator
    self.now = now
    users = FollowersViewModel(
      service: service, clock: clock, searchDebounce: searchDebounce, profileDebounce: profileDebounce,
      loadingIndicator: loadingIndicator, now: now, cache: cache)
    let root = BrowseList(
      username: user,
      followers: FollowersViewModel(service: service, clock: clock, loadingIndicator: loadingIndicator, cache: cache))
    stack = [root]
    super.init(clock: clock, loadingIndicator: loadingIndicator)
    eventsToken = observeEvents { [weak self] event in
      guard let self else { return }
      self.record(event, action: Self.name(of: event.actionId))
    }
    watch(root)
    usersToken = users.observeEvents { [weak self] event in
      guard let self else { return }
      self.record(event, action: "\(event.actionId)")
      if event.actionId == .searchUsers, event.kind == .succeeded {
        self.searchSelection = 0
        self.loadSelectedProfile()
      }
    }
    profileFailuresToken = users.observe {
      On(.loadProfile).failed { [weak self] error in self?.heardRateLimit(in: error) }
    }
  }

  /// The cache every profile the browser shows is read through, under `QueryKey/profile(_:)`:
  /// the selected row's (``users``), each list's owner's, and those of any other view model the
  /// app handed it to. What `c` (the cache pane) shows, from `QueryCache/snapshot()`.
  public let cache: QueryCache

  /// A user's profile as ``cache`` holds it, fresh or stale; `nil` when it holds none.
  ///
  /// - Parameter login: The user's login, in any case.
  /// - Returns: The profile, or `nil`.
  public func profile(of login: String) -> UserProfile? {
    cache.value(for: .profile(login))
  }

  /// The login whose profile failed to load last, lowercased.
  public var failedProfileLogin: String? { users.failedProfileLogin }

  /// The results of the last search that finished, for ``searchResultsQuery``.
  public var searchResults: [Follower] { users.searchResults }

  /// The query (trimmed) that ``searchResults`` answer; results are shown only for the current query.
  public var searchResultsQuery: String? { users.searchResultsQuery }

  /// The list on top of the stack.
  public var current: BrowseList { stack[stack.count - 1] }

  /// The rows the keys move through: the current list's followers, or the search results for the
  /// current query (none while that query's search has not answered).
  public var rows: [Follower] {
    switch mode {
    case .followers: current.followers.followers
    case .searchTyping, .searchResults: searchResultsQuery == trimmedQuery ? searchResults : []
    }
  }

  /// The index of the selected row in ``rows``.
  public var selectedIndex: Int {
    mode == .followers ? current.selection : searchSelection
  }

  /// The selected user, if any row is listed.
  public var selectedFollower: Follower? {
    let rows = rows
    let index = selectedIndex
    return rows.indices.contains(index) ? rows[index] : nil
  }

  /// The selected user's profile, once loaded (fresh or being asked for again); never another user's.
  public var selectedProfile: UserProfile? {
    selectedFollower.flatMap { profile(of: $0.login) }
  }

  /// The selected user's profile error, when loading it failed.
  public var selectedProfileError: String? {
    selectedFollower.flatMap { users.profileError(of: $0) }
  }

  /// Whether a search for the current query is waiting or running.
  public var isSearching: Bool {
    mode != .followers && !trimmedQuery.isEmpty && searchResultsQuery != trimmedQuery
      && users.errorMessage(for: .searchUsers) == nil
  }

  var trimmedQuery: String { query.trimmingCharacters(in: .whitespacesAndNewlines) }

  /// Whether the query has nothing but spaces.
  public var trimmedQueryIsEmpty: Bool { trimmedQuery.isEmpty }

  /// Loads the first page of the first user's followers, ``perPage`` a page.
  ///
  /// - Returns: The run's task.
  @discardableResult
  public func start() -> Task<Void, Never> {
    loadOwner(of: current)
    return current.followers.fetchFollowers(for: current.username, perPage: Self.perPage)
  }

  /// Cancels every run of every list, for quitting.
  public func stop() {
    for list in stack {
      list.loadsToEnd = false
      list.followers.cancelAll()
    }
    users.cancelAll()
    cancelAll()
  }

  /// Shows or hides the events pane (`e`).
  public func toggleEvents() {
    toggle(.events)
  }

  /// Shows or hides the cache pane (`c`): every key of ``cache`` with its status (fresh, stale,
  /// fetching, failed), how many view models watch it, its age and its time to be forgotten.
  public func toggleCache() {
    toggle(.cache)
  }

  /// Shows or hides the keys pane (`?`).
  public func toggleKeys() {
    toggle(.keys)
  }

  /// Shows `shown` in the pane, or the profile again when it is shown already.
  private func toggle(_ shown: BrowsePane) {
    pane = pane == shown ? .profile : shown
  }

  /// Tells the user about a wait, such as a rate limit the client waits out before retrying.
  ///
  /// - Parameter message: What is waited for, and until when; sanitized when shown.
  public func noteWait(_ message: String) {
    notice = message
    noticeSource = nil
  }

  /// Logs an event of any view model the browser drives, and keeps ``notice`` on the latest
  /// failure: an answer from the cache (`fresh`) clears it as a success does, so moving from a
  /// row whose failure is kept to one whose profile is held does not leave the row's error on
  /// the status line.
  func record<ActionId>(_ event: ActionEvent<ActionId>, action: String) {
    if event.kind == .succeeded || event.kind == .failed { readRateLimit() }
    events.append(BrowseEvent(time: now(), action: action, kind: BrowseEvent.kind(of: event), duration: event.duration))
    if events.count > Self.maxEvents { events.removeFirst(events.count - Self.maxEvents) }
    switch event.kind {
    case .failed:
      notice = "\(action) failed: \(event.errorMessage ?? "unknown error")"
      noticeSource = action
    case .succeeded where noticeSource == action || (noticeSource == nil && notice != nil),
      .fresh where noticeSource == action:
      notice = nil
      noticeSource = nil
    default:
      break
    }
  }

  /// Records the events of a list's view model; selects and loads a profile when its first page
  /// arrives, and when loading to the end stops.
  func watch(_ list: BrowseList) {
    let suffix = stack.count > 1 ? " @\(list.username)" : ""
    list.eventsToken = list.followers.observeEvents { [weak self, weak list] event in
      guard let self, let list else { return }
      self.record(event, action: "\(event.actionId)\(suffix)")
      let shown = list === self.current && self.mode == .followers
      switch (event.actionId, event.kind) {
      case (.fetchFollowers, .succeeded):
        // `R` may bring back fewer rows than were listed.
        let count = list.followers.followers.count
        if list.selectedRow >= count { list.selectedRow = max(0, count - 1) }
        if shown { self.selectionChanged() }
      case (.loadNextPage, .succeeded), (.loadNextPage, .failed), (.loadNextPage, .cancelled):
        // A failed page ends loading to the end: `r` retries it, and nothing queued asks again.
        if event.kind == .failed { list.followers.stopLoadingRemainingPages() }
        guard list.loadsToEnd, !list.followers.isLoadingRemainingPages else { return }
        list.selectedRow = list.selection
        list.loadsToEnd = false
        if shown { self.selectionChanged() }
      default:
        break
      }
    }
  }

  static func name(of action: BrowseAction) -> String {
    switch action {
    case .follow(let login): "follow \(login)"
    case .fetchOwner(let login): "fetchOwner \(login)"
    }
  }
}
