/// What the articles' ``FollowersViewModel`` needs from the network.
protocol FollowersService: Sendable {
  /// The logins of a user's followers.
  func followers(of login: String) async throws -> [String]
  /// Stops following a user.
  func unfollow(_ login: String) async throws
}
