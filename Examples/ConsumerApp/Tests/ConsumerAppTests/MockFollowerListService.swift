import ActionDispatchTesting
import ConsumerApp

/// A configurable stand-in for the network: one `Stub` per method, named `<method>Stub`,
/// the convention `action-dispatch scaffold` generates tests for.
final class MockFollowerListService: FollowerListService {
  let fetchFollowersStub = Stub<String, [String]>(returning: [])
  let followStub = Stub<String, Int>(returning: 0)
  let removeFollowerStub = Stub<String, Void>(returning: ())
  let followerPagesStub = Stub<String, [[String]]>(returning: [])

  func fetchFollowers(username: String) async throws -> [String] {
    try await fetchFollowersStub(username)
  }

  func follow(username: String) async throws -> Int {
    try await followStub(username)
  }

  func removeFollower(username: String) async throws {
    try await removeFollowerStub(username)
  }

  func followerPages(username: String) -> AsyncThrowingStream<[String], any Error> {
    followerPagesStub.stream(username)
  }
}

struct ServiceError: Error, CustomStringConvertible {
  var description: String { "The server is unreachable." }
}
