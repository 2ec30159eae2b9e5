import Foundation
import GitHubFollowers

/// A service whose `allFollowers` is its own and takes only a checked login (the
/// `GitHubUsername` form): it serves one page of `f1`, `f2` and records who was asked for. Its
/// other methods fail, so a test using it proves that its own form was called.
final class TypedPagesService: FollowersService {
  private let recorded = LockedCalls()

  /// The logins `allFollowers` was called with.
  var logins: [String] { recorded.calls.map(\.username) }

  func allFollowers(
    of user: GitHubUsername, perPage: Int, concurrency: Int, limit: Int?, maxPages: Int?
  ) -> AsyncThrowingStream<FollowersPage, any Error> {
    recorded.append(
      PagesService.Call(
        username: user.rawValue, perPage: perPage, concurrency: concurrency, limit: limit, maxPages: maxPages))
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: FollowersPage.self)
    let followers = [1, 2].map { Follower(login: "f\($0)", id: $0, avatarURL: nil, htmlURL: nil) }
    continuation.yield(FollowersPage(followers: followers, page: 1, lastPage: 1))
    continuation.finish()
    return stream
  }

  func followers(of user: GitHubUsername, page: Int, perPage: Int) async throws -> FollowersPage {
    throw GitHubError.notFound("the default allFollowers was used")
  }

  func followersPage(at url: URL) async throws -> FollowersPage {
    throw GitHubError.notFound("the default allFollowers was used")
  }

  func profile(of user: GitHubUsername) async throws -> UserProfile {
    throw GitHubError.notFound(user.rawValue)
  }

  func searchUsers(_ query: String) async throws -> UserSearchResult {
    throw GitHubError.notFound(query)
  }
}
