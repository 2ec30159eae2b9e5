import ActionDispatchTesting

@testable import ConsumerApp

/// The articles' ``FollowersService`` for tests: one `Stub` per method.
final class MockFollowersService: FollowersService {
  let followersStub = Stub<String, [String]>(returning: ["mona", "hubot"])
  let unfollowStub = Stub<String, Void>(returning: ())

  func followers(of login: String) async throws -> [String] { try await followersStub(login) }
  func unfollow(_ login: String) async throws { try await unfollowStub(login) }
}
