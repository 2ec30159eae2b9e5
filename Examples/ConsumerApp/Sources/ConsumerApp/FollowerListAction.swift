import ActionDispatch

/// The actions of ``FollowerListViewModel``.
public enum FollowerListAction: ActionIdType {
  case fetchFollowers
  /// A streaming action: every page, appended as it arrives.
  case loadAllPages
  case follow
  /// Per row: each follower's Remove button has its own loading and error state.
  case removeFollower(String)
}
