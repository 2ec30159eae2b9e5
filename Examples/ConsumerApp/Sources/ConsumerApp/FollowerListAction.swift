import ActionDispatch

/// The actions of ``FollowerListViewModel``.
public enum FollowerListAction: ActionIdType {
  case fetchFollowers
  case follow
  /// Per row: each follower's Remove button has its own loading and error state.
  case removeFollower(String)
}
