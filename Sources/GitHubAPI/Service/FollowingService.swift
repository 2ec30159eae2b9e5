/// Changes whom the signed-in user follows: what `BrowseViewModel`'s `f` and `u` need.
///
/// ``GitHubClient`` sends `PUT` and `DELETE /user/following/{username}`, which need a token;
/// `DemoFollowersService` simulates them offline. A service that cannot change anything (no
/// token) says why in ``followingUnavailableReason``, and nothing is sent. Logins are
/// ``GitHubUsername``s, checked where their text came in.
///
/// ```swift
/// let service: any FollowingService = DemoFollowersService()
/// if let reason = service.followingUnavailableReason { print(reason) }
/// try await service.follow("amber-otter")
/// ```
public protocol FollowingService: Sendable {
  /// Why following cannot work, such as "following needs a token"; `nil` when it can.
  var followingUnavailableReason: String? { get }

  /// Follows a user.
  ///
  /// - Parameter user: The login to follow.
  /// - Throws: ``GitHubError``, or `CancellationError`.
  func follow(_ user: GitHubUsername) async throws

  /// Stops following a user.
  ///
  /// - Parameter user: The login to stop following.
  /// - Throws: ``GitHubError``, or `CancellationError`.
  func unfollow(_ user: GitHubUsername) async throws
}
