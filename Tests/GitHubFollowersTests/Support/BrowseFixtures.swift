import ActionDispatch
import ActionDispatchTesting
import Foundation
import GitHubFollowers

/// Followers served in pages with `next` links on `https://api.test`, for the browser's tests.
///
/// ```swift
/// let service = BrowseFixtures.service(followers: 120)   // 4 pages of 30
/// let browser = BrowseFixtures.browser(service: service, clock: TestClock())
/// ```
enum BrowseFixtures {
  static let perPage = 30

  /// `user-0`, `user-1`, …
  static func followers(_ count: Int) -> [Follower] {
    (0..<count).map { Follower(login: "user-\($0)", id: 10_000 + $0, avatarURL: nil, htmlURL: nil) }
  }

  /// The URL of page `number` of `login`'s followers.
  static func pageURL(_ number: Int, of login: String = "octocat") -> URL {
    URL(string: "https://api.test/users/\(login)/followers?per_page=\(perPage)&page=\(number)")!
  }

  /// Page `number` of `everyone`, with a `next` link unless it is the last.
  static func page(_ number: Int, of everyone: [Follower], login: String = "octocat") -> FollowersPage {
    let start = min((number - 1) * perPage, everyone.count)
    let slice = Array(everyone[start..<min(start + perPage, everyone.count)])
    let last = max(1, (everyone.count + perPage - 1) / perPage)
    return FollowersPage(
      followers: slice, next: number < last ? pageURL(number + 1, of: login) : nil, page: number, lastPage: last)
  }

  /// A mock service whose `octocat` has `count` followers in pages of 30; every other user has none.
  static func service(followers count: Int) -> MockFollowersService {
    let everyone = followers(count)
    let service = MockFollowersService()
    service.followersStub.handle { call in
      call.username == "octocat" ? page(call.page, of: everyone) : FollowersPage(followers: [])
    }
    service.followersPageStub.handle { url in
      page(Int(url.query?.split(separator: "=").last ?? "1") ?? 1, of: everyone)
    }
    service.profileStub.handle { user in
      UserProfile(
        login: user.rawValue, id: 1, avatarURL: nil, htmlURL: nil, name: "Name of \(user)", followers: 0, createdAt: nil
      )
    }
    return service
  }

  /// A browser on a test clock, with short debounces and an immediate loading indicator, that
  /// asks for the next page 10 rows before the end.
  @MainActor
  static func browser(
    service: MockFollowersService, following: (any FollowingService)? = nil, clock: TestClock
  ) -> BrowseViewModel {
    BrowseViewModel(
      username: "octocat", service: service, following: following, clock: clock,
      profileDebounce: .milliseconds(100), searchDebounce: .milliseconds(100), loadingIndicator: .immediate)
  }
}

/// A ``FollowingService`` for tests: a `Stub` per method and a settable reason.
final class MockFollowingService: FollowingService {
  let followStub = Stub<GitHubUsername, Void> { _ in }
  let unfollowStub = Stub<GitHubUsername, Void> { _ in }
  let reason: String?

  init(unavailableReason: String? = nil) {
    reason = unavailableReason
  }

  var followingUnavailableReason: String? { reason }

  func follow(_ user: GitHubUsername) async throws {
    try await followStub(user)
  }

  func unfollow(_ user: GitHubUsername) async throws {
    try await unfollowStub(user)
  }
}
