import ActionDispatch
import GitHubAPI

extension QueryKey<UserProfile> {
  /// The key of a user's profile in a `QueryCache`: `users/<login>/profile`, the login
  /// lowercased (GitHub matches logins ignoring case, so `Mona` and `mona` are one key).
  ///
  /// Every view model that shows a profile names it with this key, so they share one value:
  ///
  /// ```swift
  /// let cache = FollowersViewModel.makeProfileCache()
  /// cache.value(for: .profile("mona"))        // the profile, if any view model fetched it
  /// cache.invalidate(prefix: "users", "mona") // every key of mona's, refetched if watched
  /// ```
  ///
  /// - Parameter login: The user's login, in any case; the server's text, used only as a key.
  /// - Returns: The key.
  public static func profile(_ login: String) -> Self {
    QueryKey("users", login.lowercased(), "profile")
  }
}
