/// Changes whom the signed-in user follows: what `BrowseViewModel`'s `f` and `u` need.
///
/// ``GitHubClient`` sends `PUT` and `DELETE /user/following/{username}`, which need a token;
/// ``DemoFollowersService`` simulates them offline. A service that cannot change anything (no
/// token) says why in ``followingUnavailableReason``, and nothing is sent.
///
/// As in ``FollowersService``, a service implements the `String` forms, and the
/// ``GitHubUsername`` forms (what `BrowseViewModel` calls) default to them; a service that
/// checks logins implements both, so a login already checked is not checked again.
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

  /// Follows a user, for a login already checked.
  ///
  /// The default implementation calls ``follow(_:)-(String)`` with the login's text.
  ///
  /// - Parameter user: The login to follow.
  /// - Throws: ``GitHubError``, or `CancellationError`.
  func follow(_ user: GitHubUsername) async throws

  /// Stops following a user.
  ///
  /// - Parameter username: The login to stop following.
  /// - Throws: ``GitHubError``, or `CancellationError`.
  func unfollow(_ username: String) async throws

  /// Stops following a user, for a login already checked.
  ///
  /// The default implementation calls ``unfollow(_:)-(String)`` with the login's text.
  ///
  /// - Parameter user: The login to stop following.
  /// - Throws: ``GitHubError``, or `CancellationError`.
  func unfollow(_ user: GitHubUsername) async throws
}

extension FollowingService {
  /// Follows a user: ``follow(_:)-(String)`` with the login's text, for a service written
  /// against the `String` form.
  ///
  /// - Parameter user: The login to follow.
  /// - Throws: What ``follow(_:)-(String)`` throws.
  public func follow(_ user: GitHubUsername) async throws {
    try await follow(user.rawValue)
  }

  /// Stops following a user: ``unfollow(_:)-(String)`` with the login's text, for a service
  /// written against the `String` form.
  ///
  /// - Parameter user: The login to stop following.
  /// - Throws: What ``unfollow(_:)-(String)`` throws.
  public func unfollow(_ user: GitHubUsername) async throws {
    try await unfollow(user.rawValue)
  }
}
