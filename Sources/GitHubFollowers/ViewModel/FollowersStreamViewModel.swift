import ActionDispatch
import Foundation
import Observation

/// A user's followers page by page, handed on as they arrive and not kept: for a list too long
/// to hold, such as a command-line tool listing a million followers.
///
/// ``FollowersViewModel`` keeps every follower it shows, as a UI's list must. This view model
/// keeps only what it needs to go on: counts, the pages' links, and the ids of the followers
/// delivered (about two bytes each), so that a follower the server lists again is delivered
/// once. Memory stays the same from the first follower to the millionth.
///
/// ```swift
/// let viewModel = FollowersStreamViewModel(service: GitHubClient())
/// await viewModel.loadAllPages(for: "octocat") { followers in
///   followers.forEach { print($0.login) }   // written, then dropped
/// }.value
/// if let message = viewModel.errorMessage(for: .loadAllPages) { print("error: \(message)") }
/// print(viewModel.delivered, viewModel.repeatedFollowers)
/// ```
///
/// Runs use ``FollowersAction/loadAllPages``. The login is a `GitHubUsername`, checked where its
/// text came in; nothing checks it again.
@MainActor
@Observable
public final class FollowersStreamViewModel: BaseViewModel<FollowersAction> {
  /// The followers delivered so far, each once.
  public private(set) var delivered = 0
  /// How many followers the server listed again after they were delivered; they are not
  /// delivered twice.
  public private(set) var repeatedFollowers = 0
  /// How many pages have arrived.
  public private(set) var pagesLoaded = 0
  /// The number of the last page, when the server said it (`rel="last"`).
  public private(set) var lastPage: Int?
  /// Whether the server has another page after the last one that arrived.
  public private(set) var hasMorePages = false

  /// The ids delivered, kept only for a service whose pages do not say which followers came
  /// before (the default `allFollowers` keeps the ids and marks its pages: no second copy).
  @ObservationIgnored private var deliveredIDs: FollowerIDSet?
  @ObservationIgnored private let service: any FollowersService

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - service: Where the followers come from.
  ///   - loadingIndicator: When `isShowingLoading(for:)` shows a spinner; at once with
  ///     loading by default.
  public init(service: any FollowersService, loadingIndicator: LoadingIndicator = .immediate) {
    self.service = service
    super.init(loadingIndicator: loadingIndicator)
  }

  /// Delivers every page of a user's followers (or `limit` followers, or `maxPages` pages) to
  /// `onFollowers` as it arrives, in page order, each follower once, and keeps none of them.
  ///
  /// Pages come from `FollowersService/allFollowers(of:perPage:concurrency:limit:maxPages:)`,
  /// so a server whose pages cannot be trusted fails the run with
  /// `GitHubError/paginationStopped(_:)`; what was delivered before stays delivered. The next
  /// page is asked for as soon as one is handed to `onFollowers`, so fetching it overlaps the
  /// writing of this one; still one request at a time, and one page ahead at most. A new call
  /// supersedes the run in flight and starts counting again.
  ///
  /// - Parameters:
  ///   - user: The GitHub login.
  ///   - perPage: Followers per page, 1 to 100.
  ///   - concurrency: Pages in flight at once, 1 to 4; GitHub asks for 1 (the default).
  ///   - limit: Deliver at most this many followers; `nil` (the default) for all.
  ///   - maxPages: Stop after this many pages; `nil` (the default) for no cap.
  ///   - onFollowers: Receives each page's followers not delivered before, on the main
  ///     actor; never an empty array.
  /// - Returns: The run's task; await it to wait for the last page or the error.
  @discardableResult
  public func loadAllPages(
    for user: GitHubUsername,
    perPage: Int = 100,
    concurrency: Int = 1,
    limit: Int? = nil,
    maxPages: Int? = nil,
    onFollowers: @escaping @MainActor ([Follower]) -> Void
  ) -> Task<Void, Never> {
    delivered = 0
    repeatedFollowers = 0
    pagesLoaded = 0
    lastPage = nil
    hasMorePages = false
    deliveredIDs = nil
    let limit = limit.map { max($0, 0) }
    return dispatch(
      actionId: .loadAllPages, policy: .cancelPrevious,
      elements: { [service] in
        ReadAheadSequence(
          service.allFollowers(
            of: user, perPage: perPage, concurrency: concurrency, limit: limit, maxPages: maxPages))
      }
    ) { viewModel, page in
      viewModel.receive(page, limit: limit, onFollowers: onFollowers)
    }
  }

  /// Counts a page, and delivers its new followers up to `limit`.
  private func receive(_ page: FollowersPage, limit: Int?, onFollowers: @MainActor ([Follower]) -> Void) {
    var fresh: [Follower] = []
    fresh.reserveCapacity(page.followers.count)
    var repeats = 0
    let room = limit.map { $0 - delivered } ?? Int.max
    if let marked = page.repeatedPositions, deliveredIDs == nil {
      var repeated = marked[...]
      for (position, follower) in page.followers.enumerated() {
        if repeated.first == position {
          repeated.removeFirst()
          repeats += 1
        } else if fresh.count < room {
          fresh.append(follower)
        }
      }
    } else {
      var ids = deliveredIDs ?? FollowerIDSet()
      deliveredIDs = nil  // keep one reference, so inserting does not copy the set
      for follower in page.followers {
        if !ids.insert(follower.id) {
          repeats += 1
        } else if fresh.count < room {
          fresh.append(follower)
        }
      }
      deliveredIDs = ids
    }
    pagesLoaded += 1
    hasMorePages = page.next != nil
    if let last = page.lastPage {
      lastPage = last
    } else if page.next == nil {
      lastPage = page.page
    }
    if repeats > 0 { repeatedFollowers += repeats }
    guard !fresh.isEmpty else { return }
    delivered += fresh.count
    onFollowers(fresh)
  }
}
