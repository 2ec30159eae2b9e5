import ActionDispatch
import Observation

/// A view model from outside the ActionDispatch module, written the way an app writes one.
///
/// It uses the call shape of the pattern ActionDispatch grew from, unchanged:
/// `dispatch(actionId:task:)` with a closure that calls a `let` service.
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

  /// Creates the view model.
  public init(service: any FollowerListService) {
    self.service = service
    super.init()
  }

  /// Loads the followers of a user.
  @discardableResult
  public func fetchFollowers(for name: String) -> Task<Void, Never> {
    dispatch(actionId: .fetchFollowers, task: { try await self.service.fetchFollowers(username: name) }) { followers in
      self.followers = followers
    }
  }

  /// Follows a user; a double tap sends one request.
  @discardableResult
  public func follow(_ name: String) -> Task<Void, Never> {
    dispatch(
      actionId: .follow, policy: .ignoreWhileRunning,
      task: { [service] in
        try await service.follow(username: name)
      }
    ) { count in
      self.followingCount = count
    }
  }

  /// Shows a toast for every error; the error itself is recorded by `dispatch` either way.
  override public func onError(actionId: FollowerListAction, error: any Error) {
    toasts.append("Could not \(actionId == .follow ? "follow" : "load followers"): \(error)")
  }
}
