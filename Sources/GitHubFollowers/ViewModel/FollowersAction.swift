import ActionDispatch

/// The actions of ``FollowersViewModel``; each has its own loading and error state.
public enum FollowersAction: ActionIdType, CaseIterable {
  /// Loads the first page of a user's followers.
  case fetchFollowers
  /// Loads the page after the last one loaded.
  case loadNextPage
  /// Loads every page of a user's followers.
  case loadAllPages
  /// Loads a user's profile.
  case fetchProfile
  /// Loads the profile of the user a view shows (a selected row), debounced while the selection
  /// moves, unless ``FollowersViewModel/cache`` holds it fresh; see
  /// ``FollowersViewModel/loadProfile(of:force:)``.
  case loadProfile
  /// Searches users, debounced.
  case searchUsers
}
