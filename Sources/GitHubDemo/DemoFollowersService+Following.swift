import GitHubAPI

extension DemoFollowersService: FollowingService {
  /// `nil`: the demo always simulates following.
  public var followingUnavailableReason: String? { nil }

  /// Simulates following a demo user: waits ``followDelay``, then succeeds, except for
  /// ``DemoFixtures/unfollowableLogin``, which always fails (to show a failed row).
  ///
  /// - Parameter user: The login.
  /// - Throws: ``DemoFollowRefusedError`` for ``DemoFixtures/unfollowableLogin``,
  ///   ``DemoUserNotFoundError`` for a login the demo does not know, or `CancellationError`.
  public func follow(_ user: GitHubUsername) async throws {
    try await simulateFollowing(user)
  }

  /// Simulates no longer following a demo user, as ``follow(_:)`` does.
  ///
  /// - Parameter user: The login.
  /// - Throws: As ``follow(_:)``.
  public func unfollow(_ user: GitHubUsername) async throws {
    try await simulateFollowing(user)
  }

  private func simulateFollowing(_ user: GitHubUsername) async throws {
    let username = user.rawValue
    guard DemoFixtures.profile(of: username) != nil else { throw DemoUserNotFoundError(login: username) }
    try await ContinuousClock().sleep(for: followDelay)
    if username.lowercased() == DemoFixtures.unfollowableLogin {
      throw DemoFollowRefusedError(login: username)
    }
  }
}
