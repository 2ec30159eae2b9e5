import Foundation
import GitHubAPI

/// A ``FollowersService`` that serves ``DemoFixtures``, offline: what `action-dispatch --demo`
/// talks to.
///
/// `octocat` has 45 followers over GitHub-shaped pages; each of them has a profile, some have
/// followers of their own (each `…-lynx` 12, each `…-panda` 40), and a user search runs over all of them. A login the demo does not know is a ``DemoUserNotFoundError``, which says
/// that no request was sent. `next`/`last` URLs point to `https://demo.invalid` and are served
/// by ``followersPage(at:)``, so `--all` and `--limit` work without a network.
///
/// ```swift
/// let service = DemoFollowersService()
/// let page = try await service.followers(of: "octocat", page: 1, perPage: 20)
/// print(page.next!)   // https://demo.invalid/users/octocat/followers?per_page=20&page=2
/// ```
public struct DemoFollowersService: FollowersService {
  /// How long a simulated follow or unfollow takes.
  public var followDelay: Duration

  /// Creates the demo service.
  ///
  /// - Parameter followDelay: How long a simulated follow or unfollow takes; 400 ms by default.
  public init(followDelay: Duration = .milliseconds(400)) {
    self.followDelay = followDelay
  }

  /// A page of a demo user's followers.
  ///
  /// - Parameters:
  ///   - user: The login.
  ///   - page: The page number, from 1.
  ///   - perPage: Followers per page, 1 to 100.
  /// - Returns: The page; past the last page, an empty one.
  /// - Throws: ``DemoUserNotFoundError``, or `CancellationError` when the task is cancelled.
  public func followers(of user: GitHubUsername, page: Int, perPage: Int) async throws -> FollowersPage {
    try Task.checkCancellation()
    return try DemoFixtures.followersPage(of: user, page: page, perPage: perPage)
  }

  /// The page a demo `next`/`last` URL points to.
  ///
  /// - Parameter url: A URL from a demo page's `next` or `last`.
  /// - Returns: The page.
  /// - Throws: ``GitHubError/notFound(_:)`` for a URL the demo did not hand out,
  ///   ``DemoUserNotFoundError``, or `CancellationError` when the task is cancelled.
  public func followersPage(at url: URL) async throws -> FollowersPage {
    try Task.checkCancellation()
    return try DemoFixtures.followersPage(at: url)
  }

  /// The profile of the demo user or one of its followers.
  ///
  /// - Parameter user: The login.
  /// - Returns: The profile.
  /// - Throws: ``DemoUserNotFoundError``, or `CancellationError` when the task is cancelled.
  public func profile(of user: GitHubUsername) async throws -> UserProfile {
    try Task.checkCancellation()
    guard let profile = DemoFixtures.profile(of: user.rawValue) else {
      throw DemoUserNotFoundError(login: user.rawValue)
    }
    return profile
  }

  /// A user search over the demo accounts; see ``DemoFixtures/search(_:)``.
  ///
  /// - Parameter query: The search text.
  /// - Returns: The matches.
  /// - Throws: `CancellationError` when the task is cancelled.
  public func searchUsers(_ query: String) async throws -> UserSearchResult {
    try Task.checkCancellation()
    return DemoFixtures.search(query)
  }
}
