/// What ``FollowerListViewModel`` needs from the network.
public protocol FollowerListService: Sendable {
  /// The logins of a user's followers.
  func fetchFollowers(username: String) async throws -> [String]
  /// Follows a user; returns the new number of people followed.
  func follow(username: String) async throws -> Int
  /// Removes a user from the signed-in user's followers.
  func removeFollower(username: String) async throws
  /// Every page of a user's followers, as each arrives.
  func followerPages(username: String) -> AsyncThrowingStream<[String], any Error>
}
