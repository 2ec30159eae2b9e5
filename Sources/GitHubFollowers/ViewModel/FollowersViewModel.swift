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
/// A username given as text is checked once, here, where it comes in: a malformed one fails the
/// run with `GitHubError/invalidUsername(_:reason:)` before any request. From here it goes
/// to the service as a `GitHubUsername`, and nothing checks it again. A caller that already
/// holds a `GitHubUsername` (a command-line tool that checked its argument) passes that.
@MainActor
@Observable
public final class FollowersViewModel: BaseViewModel<FollowersAction> {
  /// The page size GitHub uses when none is asked for.
  public static let defaultPerPage = 30

  /// The user whose followers are listed.
  public private(set) var username: String?
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
  /// The users found by the last search.
  public private(set) var searchResults: [Follower] = []
  /// Why ``loadNextPage()`` stopped before the last page, when the server's pages could not be
  /// trusted (a `next` link that cycles or leaves the API's origin, an empty page that links on);
  /// `nil` while paging goes on.
  public private(set) var pagingStopped: String?

  @ObservationIgnored private var nextPageURL: URL?
  /// The ids of ``followers``, in about two bytes each.
  @ObservationIgnored private var followerIDs = FollowerIDSet()
  /// The `next` links already loaded, and the page numbers, to refuse a cycle.
  @ObservationIgnored private var loadedPageURLs: Set<URL> = []
  @ObservationIgnored private var loadedPageNumbers: Set<Int> = []
  @ObservationIgnored private let service: any FollowersService
  @ObservationIgnored private let searchDebounce: Duration

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - service: Where followers, profiles and search results come from.
  ///   - clock: The clock the search debounce waits on; a test clock in tests.
  ///   - searchDebounce: How long typing must pause before a search is sent.
  ///   - loadingIndicator: When `isShowingLoading(for:)` shows a spinner;
  ///     at once with loading by default.
  public init(
    service: any FollowersService,
    clock: any Clock<Duration> = ContinuousClock(),
    searchDebounce: Duration = .milliseconds(300),
    loadingIndicator: LoadingIndicator = .immediate
  ) {
    self.service = service
    self.searchDebounce = searchDebounce
    super.init(clock: clock, loadingIndicator: loadingIndicator)
  }

  /// Loads the first page of a user's followers, replacing what was listed.
  ///
  /// A new call supersedes one in flight, and cancels page loads for the previous user.
  ///
  /// - Parameters:
  ///   - username: The GitHub login.
  ///   - perPage: Followers per page, 1 to 100.
  /// - Returns: The run's task; await it to wait for the whole run.
  ///   The login is checked first: a malformed one fails the run with
  ///   `GitHubError/invalidUsername(_:reason:)`, and nothing is sent.
  @discardableResult
  public func fetchFollowers(for username: String, perPage: Int = defaultPerPage) -> Task<Void, Never> {
    fetchFollowers(for: LoginInput(username), perPage: perPage)
  }

  /// Loads the first page of a user's followers, for a login already checked; otherwise as
  /// ``fetchFollowers(for:perPage:)-(String,_)``.
  ///
  /// - Parameters:
  ///   - user: The GitHub login.
  ///   - perPage: Followers per page, 1 to 100.
  /// - Returns: The run's task; await it to wait for the whole run.
  @discardableResult
  public func fetchFollowers(for user: GitHubUsername, perPage: Int = defaultPerPage) -> Task<Void, Never> {
    fetchFollowers(for: LoginInput(user), perPage: perPage)
  }

  /// ``fetchFollowers(for:perPage:)-(String,_)`` for a login checked (or found malformed) where
  /// it came in.
  @discardableResult
  func fetchFollowers(for login: LoginInput, perPage: Int) -> Task<Void, Never> {
    cancel(.loadNextPage)
    cancel(.loadAllPages)
    return dispatch(
      actionId: .fetchFollowers, policy: .cancelPrevious,
      task: { [service] in
        try await service.followers(of: login.get(), page: 1, perPage: perPage)
      }
    ) { viewModel, page in
      viewModel.username = login.text
      viewModel.pagesLoaded = 0
      viewModel.pagingStopped = nil
      viewModel.loadedPageURLs = []
      viewModel.loadedPageNumbers = []
      viewModel.append(page, replacing: true)
    }
  }

  /// Loads the page after the last one loaded, following GitHub's `next` link as given.
  ///
  /// A second call while a page is loading is dropped. A failure keeps every follower
  /// already loaded; calling again retries the same page. A page already loaded is never
  /// requested again: a `next` link that cycles, leaves the origin of the links before it, or
  /// follows an empty page stops paging instead, and ``pagingStopped`` says why (as
  /// `GitHubError/paginationStopped(_:)` from the service does).
  ///
  /// - Returns: The run's task; an already finished task when there is no next page.
  @discardableResult
  public func loadNextPage() -> Task<Void, Never> {
    guard let next = nextPageURL, pagingStopped == nil else { return Task {} }
    if let reason = refusal(of: next) {
      stopPaging(reason)
      return Task {}
    }
    return dispatch(
      actionId: .loadNextPage, policy: .ignoreWhileRunning,
      task: { [service] in
        try await service.followersPage(at: next)
      },
      onSuccess: { viewModel, page in
        viewModel.loadedPageURLs.insert(next)
        viewModel.append(page)
      },
      onFailure: { viewModel, error in
        if case GitHubError.paginationStopped(let reason) = error { viewModel.stopPaging(reason) }
      })
  }

  /// Why a `next` link must not be followed, or `nil` when it may.
  private func refusal(of next: URL) -> String? {
    if loadedPageURLs.contains(next) || LinkHeader.pageNumber(in: next).map(loadedPageNumbers.contains) == true {
      return "page \(pagesLoaded) links back to a page already loaded (\(String(next.absoluteString.prefix(100))))"
    }
    if let first = loadedPageURLs.first, !Self.sameOrigin(first, next) {
      return "page \(pagesLoaded) links to \(next.scheme ?? "?")://\(next.host ?? "?"), away from the pages before it; "
        + "it was not followed"
    }
    return nil
  }

  private func stopPaging(_ reason: String) {
    pagingStopped = "Paging stopped: \(reason)."
    hasMorePages = false
    nextPageURL = nil
  }

  private static func sameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
    lhs.scheme?.lowercased() == rhs.scheme?.lowercased() && lhs.host?.lowercased() == rhs.host?.lowercased()
      && lhs.port == rhs.port
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
  ///   - username: The GitHub login.
  ///   - perPage: Followers per page, 1 to 100.
  ///   - concurrency: Pages in flight at once, 1 to 4; GitHub asks for 1 (the default).
  ///   - limit: Stop once this many followers are loaded; `nil` (the default) for all. The
  ///     last page may bring more.
  ///   - maxPages: Stop after this many pages; `nil` (the default) for no cap.
  /// - Returns: The run's task; it succeeds with every page loaded. A streaming run: each page
  ///   is appended as it arrives, and a superseded or cancelled run appends nothing more. The
  ///   login is checked first: a malformed one fails the run with
  ///   `GitHubError/invalidUsername(_:reason:)`, and nothing is sent.
  @discardableResult
  public func loadAllPages(
    for username: String,
    perPage: Int = 100,
    concurrency: Int = 1,
    limit: Int? = nil,
    maxPages: Int? = nil
  ) -> Task<Void, Never> {
    loadAllPages(
      for: LoginInput(username), perPage: perPage, concurrency: concurrency, limit: limit,
      maxPages: maxPages)
  }

  /// Loads every page of a user's followers, for a login already checked; otherwise as
  /// ``loadAllPages(for:perPage:concurrency:limit:maxPages:)-(String,_,_,_,_)``.
  ///
  /// - Parameters:
  ///   - user: The GitHub login.
  ///   - perPage: Followers per page, 1 to 100.
  ///   - concurrency: Pages in flight at once, 1 to 4; GitHub asks for 1 (the default).
  ///   - limit: Stop once this many followers are loaded; `nil` (the default) for all.
  ///   - maxPages: Stop after this many pages; `nil` (the default) for no cap.
  /// - Returns: The run's task; it succeeds with every page loaded.
  @discardableResult
  public func loadAllPages(
    for user: GitHubUsername,
    perPage: Int = 100,
    concurrency: Int = 1,
    limit: Int? = nil,
    maxPages: Int? = nil
  ) -> Task<Void, Never> {
    loadAllPages(
      for: LoginInput(user), perPage: perPage, concurrency: concurrency, limit: limit, maxPages: maxPages)
  }

  private func loadAllPages(
    for login: LoginInput, perPage: Int, concurrency: Int, limit: Int?, maxPages: Int?
  ) -> Task<Void, Never> {
    cancel(.fetchFollowers)
    cancel(.loadNextPage)
    self.username = login.text
    followers = []
    followerIDs = FollowerIDSet()
    repeatedFollowers = 0
    pagesLoaded = 0
    lastPage = nil
    hasMorePages = false
    nextPageURL = nil
    pagingStopped = nil
    loadedPageURLs = []
    loadedPageNumbers = []
    return dispatch(
      actionId: .loadAllPages, policy: .cancelPrevious,
      elements: { [service] in
        service.allFollowers(
          of: try login.get(), perPage: perPage, concurrency: concurrency, limit: limit, maxPages: maxPages)
      }
    ) { viewModel, page in
      viewModel.append(page)
    }
  }

  /// Loads a user's profile.
  ///
  /// - Parameter username: The GitHub login; a malformed one fails the run with
  ///   `GitHubError/invalidUsername(_:reason:)`, and nothing is sent.
  /// - Returns: The run's task.
  @discardableResult
  public func fetchProfile(for username: String) -> Task<Void, Never> {
    fetchProfile(for: LoginInput(username))
  }

  /// Loads a user's profile, for a login already checked.
  ///
  /// - Parameter user: The GitHub login.
  /// - Returns: The run's task.
  @discardableResult
  public func fetchProfile(for user: GitHubUsername) -> Task<Void, Never> {
    fetchProfile(for: LoginInput(user))
  }

  private func fetchProfile(for login: LoginInput) -> Task<Void, Never> {
    dispatch(
      actionId: .fetchProfile, policy: .cancelPrevious,
      task: { [service] in
        try await service.profile(of: login.get())
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
      return Task {}
    }
    return dispatch(
      actionId: .searchUsers, policy: .debounce(searchDebounce),
      task: { [service] in
        try await service.searchUsers(query)
      }
    ) { viewModel, result in
      viewModel.searchResults = result.items
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
    loadedPageNumbers.insert(page.page)
    nextPageURL = page.next
    hasMorePages = page.next != nil
    if added.isEmpty, let next = page.next, !replacing {
      stopPaging("page \(page.page) adds no follower but links to another (\(String(next.absoluteString.prefix(100))))")
    }
    if let last = page.lastPage {
      lastPage = last
    } else if page.next == nil {
      lastPage = page.page
    }
  }
}
