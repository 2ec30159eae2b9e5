import ActionDispatch

/// The actions of ``FollowerCardsViewModel`` and of ``FollowerDetailViewModel``.
public enum FollowerCardsAction: ActionIdType {
  /// Shows a user's followers (the list), or one of them (the detail), read through the cache.
  case load
  /// The detail follows the list it was opened from: the list's refresh reaches it.
  case followList
}
