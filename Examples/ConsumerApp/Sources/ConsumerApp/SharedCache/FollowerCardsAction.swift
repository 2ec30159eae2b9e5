import ActionDispatch

/// The action of ``FollowerCardsViewModel`` and of ``FollowerDetailViewModel``.
public enum FollowerCardsAction: ActionIdType {
  /// Shows a user's followers (the list), or one of them (the detail), read through the cache.
  case load
}
