import Foundation
import GitHubFollowers

/// A service whose `allFollowers` is its own: it serves `pages` as they are, and records the
/// arguments it was called with. Its single-page methods fail, so a test using it proves that
/// the requirement, not the default implementation built on them, was called.
final class PagesService: FollowersService {
  /// The arguments of one `allFollowers` call.
  struct Call: Hashable, Sendable {
    var username: String
    var perPage: Int
    var concurrency: Int
    var limit: Int?
    var maxPages: Int?
  }

  let pages: [FollowersPage]
  private let recorded = LockedCalls()

  /// Every `allFollowers` call so far.
  var calls: [Call] { recorded.calls }

  /// Serves `pages`, each follower `f<id>`, in order.
  ///
  /// - Parameter ids: The follower ids of each page.
  init(ids: [[Int]]) {
    pages = ids.enumerated().map { index, page in
      FollowersPage(
        followers: page.map { Follower(login: "f\($0)", id: $0, avatarURL: nil, htmlURL: nil) }, page: index + 1,
        lastPage: ids.count)
    }
  }

  func allFollowers(
    of user: GitHubUsername, perPage: Int, concurrency: Int, limit: Int?, maxPages: Int?
  ) -> AsyncThrowingStream<FollowersPage, any Error> {
    recorded.append(
      Call(username: user.rawValue, perPage: perPage, concurrency: concurrency, limit: limit, maxPages: maxPages))
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: FollowersPage.self)
    for page in pages { continuation.yield(page) }
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

/// The calls a ``PagesService`` recorded, behind a lock.
final class LockedCalls: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [PagesService.Call] = []

  var calls: [PagesService.Call] { lock.withLock { stored } }

  func append(_ call: PagesService.Call) { lock.withLock { stored.append(call) } }
}
