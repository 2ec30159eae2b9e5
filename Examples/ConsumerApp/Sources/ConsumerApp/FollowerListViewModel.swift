import ActionDispatch
import Observation

/// A view model from outside the ActionDispatch module, written the way an app writes one.
///
/// The work captures the service (`[service] in`) and the success closure receives the view
/// model (`{ viewModel, followers in … }`): nothing holds the view model, so releasing it
/// cancels its work in flight.
@MainActor
@Observable
public final class FollowerListViewModel: BaseViewModel<FollowerListAction> {
  /// The followers loaded last.
  public private(set) var followers: [String] = []
  /// How many people the user follows, after the last `follow`.
  public private(set) var followingCount: Int?
  /// Messages for a toast, newest last: the hook override adds to it.
  public private(set) var toasts: [String] = []

  private let service: any FollowerListService

  // snippet: spinner
  /// How the list's spinner shows: after 150 ms of loading, then for at least 400 ms, so a
  /// fast load never flashes it.
  public static let spinner = LoadingIndicator(delay: .milliseconds(150), minimumDuration: .milliseconds(400))
  // end snippet: spinner

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - service: Where followers come from.
  ///   - clock: The clock the spinner's timing waits on; a `TestClock` in tests.
  public init(service: any FollowerListService, clock: any Clock<Duration> = ContinuousClock()) {
    self.service = service
    // snippet: spinner-init
    super.init(clock: clock, loadingIndicator: Self.spinner)
    // end snippet: spinner-init
  }

  /// Loads the followers of a user.
  @discardableResult
  public func fetchFollowers(for name: String) -> Task<Void, Never> {
    dispatch(actionId: .fetchFollowers, task: { [service] in try await service.fetchFollowers(username: name) }) {
      viewModel, followers in
      viewModel.followers = followers
    }
  }

  // snippet: load-all-pages
  /// Loads every page of a user's followers, appending each page as it arrives.
  ///
  /// A streaming action: a new call supersedes the one in flight, whose pages stop at once; a
  /// failure keeps the pages already appended.
  @discardableResult
  public func loadAllPages(for name: String) -> Task<Void, Never> {
    followers = []
    return dispatch(
      actionId: .loadAllPages, policy: .cancelPrevious,
      elements: { [service] in service.followerPages(username: name) }
    ) { viewModel, page in
      viewModel.followers += page
    }
  }
  // end snippet: load-all-pages

  /// Follows a user; a double tap sends one request.
  @discardableResult
  public func follow(_ name: String) -> Task<Void, Never> {
    dispatch(
      actionId: .follow, policy: .ignoreWhileRunning,
      task: { [service] in
        try await service.follow(username: name)
      }
    ) { viewModel, count in
      viewModel.followingCount = count
    }
  }

  /// Removes one follower from the list: the row goes at once, and comes back if the request
  /// fails or is cancelled.
  ///
  /// Each row is its own action, so `isLoading(for: .removeFollower(name))` and
  /// `errorMessage(for: .removeFollower(name))` drive that row's button alone; an idle row holds no state.
  /// The row's removal is an optimistic change: a double tap, which `.ignoreWhileRunning`
  /// drops, removes nothing more and rolls nothing back.
  @discardableResult
  public func removeFollower(_ name: String) -> Task<Void, Never> {
    guard followers.contains(name) else { return drop(.removeFollower(name)) }
    return dispatch(
      actionId: .removeFollower(name), policy: .ignoreWhileRunning,
      optimistic: { viewModel in
        guard let index = viewModel.followers.firstIndex(of: name) else { return { _ in } }
        viewModel.followers.remove(at: index)
        return { viewModel in viewModel.followers.insert(name, at: min(index, viewModel.followers.count)) }
      },
      task: { [service] in try await service.removeFollower(username: name) })
  }

  /// Shows a toast for every error; the error itself is recorded by `dispatch` either way.
  override public func onError(actionId: FollowerListAction, error: any Error) {
    var what = actionId == .follow ? "follow" : "load followers"
    if case .removeFollower(let name) = actionId { what = "remove \(name)" }
    toasts.append("Could not \(what): \(error)")
  }
}
