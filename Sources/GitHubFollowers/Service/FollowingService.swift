/// Changes whom the signed-in user follows: what ``BrowseViewModel``'s `f` and `u` need.
///
/// ``GitHubClient`` sends `PUT` and `DELETE /user/following/{username}`, which need a token;
/// ``DemoFollowersService`` simulates them offline. A service that cannot change anything (no
/// token) says why in ``followingUnavailableReason``, and nothing is sent.
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
  /// - Parameter username: The login to follow.
  /// - Throws: ``GitHubError``, or `CancellationError`.
  func follow(_ username: String) async throws

  /// Stops following a user.
  ///
  /// - Parameter username: The login to stop following.
  /// - Throws: ``GitHubError``, or `CancellationError`.
  func unfollow(_ username: String) async throws
}
