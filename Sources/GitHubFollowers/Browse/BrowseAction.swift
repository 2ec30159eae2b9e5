import ActionDispatch

/// The actions of ``BrowseViewModel``; each has its own loading and error state.
///
/// Pages of followers are ``FollowersAction``s of each list's own ``FollowersViewModel``; user
/// search and the selected user's profile are ``FollowersAction/searchUsers`` and
/// ``FollowersAction/loadProfile`` of ``BrowseViewModel/users``.
public enum BrowseAction: ActionIdType {
  /// Loads the profile of a list's user, for the number of followers it has in all: shared by
  /// the callers that ask while it runs, and fresh for five minutes after it succeeds.
  case fetchOwner(login: String)
  /// Follows or unfollows one user: a keyed action, so each row has its own spinner and error.
  case follow(login: String)
}
