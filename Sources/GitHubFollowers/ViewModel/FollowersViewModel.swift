import ActionDispatch
import Foundation
import Observation

/// The reference feature: a user's followers, profile and user search over a `FollowersService`.
///
/// The same view model drives a SwiftUI list, the `action-dispatch` terminal tool and the tests:
///
/// ```swift
/// let viewModel = FollowersViewModel(service: GitHubClient())
/// await viewModel.fetchFollowers(for: "octocat").value
/// if let message = viewModel.errorMessage(for: .fetchFollowers) {
///   print("error: \(message)")
/// } else {
///   viewModel.followers.forEach { print($0.login) }
/// }
/// ```
///
/// Logins are `GitHubUsername`s, checked where their text came in (a command-line argument,
/// a search box, a row from the server); nothing checks them again. Pages come from one pager
/// per list, the same paging loop as `FollowersService/allFollowers(of:perPage:concurrency:limit:maxPages:)`:
/// after the first page, ``loadNextPage()`` and ``loadRemainingPages()`` follow the server's `next`
/// links as given (never a page number worked out from the rows held, so a server that sends
/// more rows a page than asked for is paged as it pages), and stop where
/// `action-dispatch followers --all` stops (a cycle, an empty page that links on, a page that
/// adds no one, more pages than the server's `last` link claimed). A view whose selection
/// moves shows each selected user's profile with ``loadProfile(of:force:)``, read through
/// ``cache`` (a `QueryCache` the app shares between its view models), as `action-dispatch
/// browse` does.
@MainActor
@Observable
public final class FollowersViewModel: BaseViewModel<FollowersAction> {
  /// The page size GitHub uses when none is asked for.
  public static let defaultPerPage = 30

  /// The user whose followers are listed.
  public private(set) var username: GitHubUsername?
  /// The followers loaded so far, in page order, each once (by `Follower/id`).
  public private(set) var followers: [Follower] = []
  /// How many followers the server listed again after they were already loaded (overlapping
  /// or repeated pages); they are not added to ``followers`` twice.
  public private(set) var repeatedFollowers = 0
  /// Whether GitHub has another page after the last one loaded.
  public private(set) var hasMorePages = false
  /// How many pages are loaded.
  public private(set) var pagesLoaded = 0
  /// The number of the last page, when GitHub said it (`rel="last"`).
  public private(set) var lastPage: Int?
  /// The profile loaded last.
  public private(set) var profile: UserProfile?
  /// The profile with ``FollowersAction/fetchProfile``'s loading and error, as a profile view
  /// shows them: the last profile stays while a new one loads and after a failure.
  public var profileState: Loadable<UserProfile> { loadable(\.profile, of: .fetchProfile) }
  /// The cache ``loadProfile(of:force:)`` reads profiles through, under
  /// `QueryKey/profile(_:)`: shared with every view model the app hands it to, so a profile
  /// one of them fetched is shown by the others with no request while it is fresh (five
  /// minutes), a failure kept a minute.
  ///
  /// ```swift
  /// viewModel.cache.value(for: .profile("mona"))     // the profile, fresh or stale
  /// viewModel.cache.status(of: .profile("mona"))    // .fresh, .stale, .fetching, .failed
  /// ```
  public let cache: QueryCache
  /// The login (lowercased) whose ``loadProfile(of:force:)`` run failed last; `nil` once another
  /// is asked for.
  var failedProfileLogin: String?
  /// The users found by the last search, each once.
  public private(set) var searchResults: [Follower] = []
  /// The query (trimmed) that ``searchResults`` answer; `nil` before a search answered, and
  /// after an empty query. A view shows results only for the query it shows.
  public private(set) var searchResultsQuery: String?
  /// Why paging stopped before the last page, when the server's pages could not be trusted (a
  /// `next` link that cycles or leaves the API's origin, an empty page that links on, more pages
  /// than it claimed); `nil` while paging goes on.
  public private(set) var pagingStopped: String?

  /// The pager of the list ``fetchFollowers(for:perPage:)`` started.
  @ObservationIgnored private var pager: FollowersPager?
  /// The page size the list asked for.
  @ObservationIgnored private var pagerPerPage = defaultPerPage
  /// Whether ``loadRemainingPages()`` was asked for and not stopped since.
  private var wantsRemainingPages = false
  /// The ids of ``followers``, in about two bytes each.
  @ObservationIgnored private var followerIDs = FollowerIDSet()
  @ObservationIgnored let service: any FollowersService
  @ObservationIgnored private let searchDebounce: Duration
  @ObservationIgnored let profileDebounce: Duration
  /// The time the rate limit's reset is measured with.
  @ObservationIgnored let now: @Sendable () -> Date
  /// The clock the profile debounce waits on (the view model's).
  @ObservationIgnored let profileClock: any Clock<Duration>

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - service: Where followers, profiles and search results come from.
  ///   - clock: The clock the search debounce waits on; a test clock in tests.
  ///   - searchDebounce: How long typing must pause before a search is sent.
  ///   - profileDebounce: How long a selection must rest before ``loadProfile(of:force:)`` asks
  ///     for its profile.
  ///   - loadingIndicator: When `isShowingLoading(for:)` shows a spinner;
  ///     at once with loading by default.
  ///   - now: The time the rate limit's reset is measured with; tests inject their own.
  ///   - cache: The cache ``loadProfile(of:force:)`` reads profiles through, shared with the
  ///     app's other view models; `nil` makes one of the view model's own
  ///     (``makeProfileCache(clock:)`` on `clock`). Give the cache the same clock as the view
  ///     model: profiles' freshness is measured on the cache's clock.
  public init(
    service: any FollowersService,
    clock: any Clock<Duration> = ContinuousClock(),
    searchDebounce: Duration = .milliseconds(300),
    profileDebounce: Duration = .milliseconds(120),
    loadingIndicator: LoadingIndicator = .immediate,
    now: @escaping @Sendable () -> Date = { Date() },
    cache: QueryCache? = nil
  ) {
    self.service = service
    self.searchDebounce = searchDebounce
    self.profileDebounce = profileDebounce
    self.now = now
    self.profileClock = clock
    self.cache = cache ?? Self.makeProfileCache(clock: clock)
    super.init(clock: clock, loadingIndicator: loadingIndicator)
  }

  /// Loads the first page of a user's followers, replacing what was listed.
  ///
  /// A new call supersedes one in flight, and cancels page loads for the previous user. A first
  /// page that cannot be trusted (empty, but linking on) fails the run with
  /// `GitHubError/paginationStopped(_:)`.
  ///
  /// - Parameters:
  ///   - user: The GitHub login.
  ///   - perPage: Followers per page, 1 to 100.
  /// - Returns: The run's task; await it to wait for the whole run.
  @discardableResult
  public func fetchFollowers(for user: GitHubUsername, perPage: Int = defaultPerPage) -> Task<Void, Never> {
    cancel(.loadNextPage)
    cancel(.loadAllPages)
    wantsRemainingPages = false
    let pager = FollowersPager(service: service, user: user, perPage: perPage)
    return dispatch(
      actionId: .fetchFollowers, policy: .cancelPrevious,
      task: { try await pager.next() ?? FollowersPage(followers: []) }
    ) { viewModel, page in
      viewModel.username = user
      viewModel.pager = pager
      viewModel.pagerPerPage = min(max(perPage, 1), 100)
      viewModel.pagesLoaded = 0
      viewModel.pagingStopped = nil
      viewModel.append(page, replacing: true)
    }
  }

  /// Loads the list again from its first page, as far as the page that holds `row`, with the
  /// list's page size and the server's `next` links: a refresh (`R` in `action-dispatch
  /// browse`). Pages are counted by the rows they bring, not by the size asked for, so a
  /// server that sends more rows a page is asked for fewer pages. The client revalidates each
  /// page it fetched before with `If-None-Match`, so a page that has not changed costs no rate
  /// limit. What is listed stays until every page has come, then the pages replace it (rows
  /// past them come back with ``loadNextPage()``); a failure keeps it as it was.
  ///
  /// - Parameter row: The last row to bring back (the selection and the rows around it).
  /// - Returns: The run's task (``FollowersAction/fetchFollowers``); an already finished task
  ///   before a list was loaded.
  @discardableResult
  public func refresh(through row: Int) -> Task<Void, Never> {
    guard let username else { return Task {} }
    cancel(.loadNextPage)
    wantsRemainingPages = false
    let rows = max(0, row) + 1
    let pager = FollowersPager(service: service, user: username, perPage: pagerPerPage)
    return dispatch(
      actionId: .fetchFollowers, policy: .cancelPrevious,
      task: {
        var collected: [FollowersPage] = []
        var listed = 0
        while listed < rows, let page = try await pager.next() {
          collected.append(page)
          listed += page.followers.count - (page.repeatedPositions?.count ?? 0)
        }
        return collected
      }
    ) { viewModel, collected in
      viewModel.pager = pager
      viewModel.pagesLoaded = 0
      viewModel.pagingStopped = nil
      for (index, page) in collected.enumerated() { viewModel.append(page, replacing: index == 0) }
      if collected.isEmpty { viewModel.append(FollowersPage(followers: []), replacing: true) }
    }
  }

  /// Loads the page after the last one loaded, following GitHub's `next` link as given.
  ///
  /// A second call while a page is loading is dropped. A failure keeps every follower
  /// already loaded; calling again retries the same page. A page already loaded is never
  /// requested again: a `next` link that cycles, leaves the origin of the links before it, or
  /// follows an empty page stops paging instead, and ``pagingStopped`` says why (the run fails
  /// with `GitHubError/paginationStopped(_:)`).
  ///
  /// - Returns: The run's task; an already finished task when there is no next page.
  @discardableResult
  public func loadNextPage() -> Task<Void, Never> {
    if !isLoading(for: .loadNextPage) { wantsRemainingPages = false }
    return loadPages(pages: 1, policy: .ignoreWhileRunning)
  }

  /// Loads every page after the last one loaded, one at a time, appending each as it arrives:
  /// a list's "to the end" (`G` in `action-dispatch browse`).
  ///
  /// The pages come as from ``loadNextPage()`` (one run of ``FollowersAction/loadNextPage``,
  /// whose loading and error are that action's), until the last page, an error, or
  /// ``stopLoadingRemainingPages()``. Called while a page is loading, it goes on after that page.
  ///
  /// ```swift
  /// await viewModel.fetchFollowers(for: "octocat").value
  /// await viewModel.loadRemainingPages().value   // every page, or an error
  /// ```
  ///
  /// Each page is the one the last page's `next` link names, exactly as the server gave it:
  /// the page size is the one the list asked for in ``fetchFollowers(for:perPage:)`` (ask for
  /// 100 there to list 100,000 followers in 1,000 requests), and a server that sends 10,000 rows
  /// a page is paged to its end in as many requests as it has pages. A `next` link back to a
  /// page already fetched stops paging before it is sent, with ``pagingStopped`` saying why.
  ///
  /// - Returns: The run's task; an already finished task when there is no next page.
  @discardableResult
  public func loadRemainingPages() -> Task<Void, Never> {
    guard !isLoadingRemainingPages else { return Task {} }
    wantsRemainingPages = true
    return loadPages(pages: nil, policy: .enqueue)
  }

  /// Whether ``loadRemainingPages()`` is loading pages.
  public var isLoadingRemainingPages: Bool {
    wantsRemainingPages && isLoading(for: .loadNextPage)
  }

  /// Stops ``loadRemainingPages()`` after the page in flight, which is still added.
  public func stopLoadingRemainingPages() {
    wantsRemainingPages = false
  }

  private func loadPages(pages: Int?, policy: DispatchPolicy) -> Task<Void, Never> {
    guard let pager, hasMorePages, pagingStopped == nil else { return Task {} }
    let wantsMore: @MainActor @Sendable () -> Bool
    if pages == nil {
      wantsMore = { [weak self] in self?.wantsRemainingPages ?? false }
    } else {
      wantsMore = { true }
    }
    return dispatch(
      actionId: .loadNextPage, policy: policy,
      elements: { PageRun(pager: pager, pages: pages, wantsMore: wantsMore) }
    ) { viewModel, step in
      switch step {
      case .page(let page): viewModel.append(page)
      case .stopped(let reason): viewModel.stopPaging(reason)
      }
    }
  }

  private func stopPaging(_ reason: String) {
    pagingStopped = "Paging stopped: \(reason)."
    hasMorePages = false
    wantsRemainingPages = false
  }

  /// Loads every page of a user's followers (or enough for `limit`, or `maxPages` pages),
  /// appending each page as it arrives, in page order.
  ///
  /// A failure on page k keeps the pages before it and is reported by `errorMessage(for: .loadAllPages)`.
  /// Pages come from `FollowersService/allFollowers(of:perPage:concurrency:limit:maxPages:)`,
  /// so a server whose pages cannot be trusted (a cycle, an empty page that links on, a page
  /// that adds no one, more pages than it claimed) fails the run with
  /// `GitHubError/paginationStopped(_:)`. A follower listed again is counted in
  /// ``repeatedFollowers``, not added twice. After `maxPages` pages, ``hasMorePages`` says
  /// whether the server had more.
  ///
  /// - Parameters:
  ///   - user: The GitHub login.
  ///   - perPage: Followers per page, 1 to 100.
  ///   - concurrency: Pages in flight at once, 1 to 4; GitHub asks for 1 (the default).
  ///   - limit: Stop once this many followers are loaded; `nil` (the default) for all. The
  ///     last page may bring more.
  ///   - maxPages: Stop after this many pages; `nil` (the default) for no cap.
  /// - Returns: The run's task; it succeeds with every page loaded. A streaming run: each page
  ///   is appended as it arrives, and a superseded or cancelled run appends nothing more.
  @discardableResult
  public func loadAllPages(
    for user: GitHubUsername,
    perPage: Int = 100,
    concurrency: Int = 1,
    limit: Int? = nil,
    maxPages: Int? = nil
  ) -> Task<Void, Never> {
    cancel(.fetchFollowers)
    cancel(.loadNextPage)
    username = user
    followers = []
    followerIDs = FollowerIDSet()
    repeatedFollowers = 0
    pagesLoaded = 0
    lastPage = nil
    hasMorePages = false
    pager = nil
    wantsRemainingPages = false
    pagingStopped = nil
    return dispatch(
      actionId: .loadAllPages, policy: .cancelPrevious,
      elements: { [service] in
        service.allFollowers(of: user, perPage: perPage, concurrency: concurrency, limit: limit, maxPages: maxPages)
      }
    ) { viewModel, page in
      viewModel.append(page)
    }
  }

  /// Loads a user's profile.
  ///
  /// - Parameter user: The GitHub login.
  /// - Returns: The run's task.
  @discardableResult
  public func fetchProfile(for user: GitHubUsername) -> Task<Void, Never> {
    dispatch(
      actionId: .fetchProfile, policy: .cancelPrevious,
      task: { [service] in
        try await service.profile(of: user)
      }
    ) { viewModel, profile in
      viewModel.profile = profile
    }
  }

  /// Searches users once typing pauses; a stale search never overwrites a newer one.
  ///
  /// An empty query clears the results without a request.
  ///
  /// - Parameter query: What the user typed.
  /// - Returns: The run's task.
  @discardableResult
  public func search(_ query: String) -> Task<Void, Never> {
    let query = query.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !query.isEmpty else {
      cancel(.searchUsers)
      searchResults = []
      searchResultsQuery = nil
      return Task {}
    }
    return dispatch(
      actionId: .searchUsers, policy: .debounce(searchDebounce),
      task: { [service] in
        try await service.searchUsers(query)
      }
    ) { viewModel, result in
      var seen: Set<Int> = []
      viewModel.searchResults = result.items.filter { seen.insert($0.id).inserted }
      viewModel.searchResultsQuery = query
    }
  }

  /// Appends the page's followers not loaded yet (or replaces the list with them), and
  /// records its links.
  private func append(_ page: FollowersPage, replacing: Bool = false) {
    if replacing { followerIDs = FollowerIDSet() }
    var added: [Follower] = []
    added.reserveCapacity(page.followers.count)
    var repeats = 0
    for follower in page.followers {
      if followerIDs.insert(follower.id) {
        added.append(follower)
      } else {
        repeats += 1
      }
    }
    if replacing {
      followers = added
      repeatedFollowers = repeats
    } else {
      followers += added
      if repeats > 0 { repeatedFollowers += repeats }
    }
    pagesLoaded += 1
    hasMorePages = page.next != nil
    if let last = page.lastPage {
      lastPage = last
    } else if page.next == nil {
      lastPage = page.page
    }
  }
}
