import ActionDispatch

/// The actions of ``BrowseViewModel``; each has its own loading and error state.
///
/// Pages of followers are ``FollowersAction``s of each list's own ``FollowersViewModel``, and
/// user search is ``FollowersAction/searchUsers`` of ``BrowseViewModel/users``.
public enum BrowseAction: ActionIdType {
  /// Loads the selected user's profile, debounced while the selection moves.
  case fetchProfile
  /// Loads the profile of a list's user, for the number of followers it has in all: shared by
  /// the callers that ask while it runs, and fresh for five minutes after it succeeds.
  case fetchOwner(login: String)
  /// Follows or unfollows one user: a keyed action, so each row has its own spinner and error.
  case follow(login: String)
}
