import ActionDispatch

/// The actions of ``FollowerListViewModel``.
public enum FollowerListAction: ActionIdType {
  case fetchFollowers
  case follow
}
