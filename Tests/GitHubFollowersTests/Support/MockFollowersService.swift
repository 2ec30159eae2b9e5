import ActionDispatch
import ActionDispatchTesting
import Foundation
import GitHubFollowers

/// A ``FollowersService`` for tests: one `Stub` per method, named after the method, the
/// convention `action-dispatch scaffold` and `Templates/MockService.swift.template` teach.
///
/// Every stub starts out answering like ``DemoFollowersService``, so a test changes only the
/// call it is about, then checks how the service was called:
///
/// ```swift
/// service.profileStub.fail(with: GitHubError.badCredentials)
/// #expect(service.searchUsersStub.calls == ["octo"])
/// ```
final class MockFollowersService: FollowersService {
  /// The arguments of one ``followers(of:page:perPage:)`` call.
  struct FollowersCall: Hashable, Sendable {
    var user: GitHubUsername
    var page: Int
    var perPage: Int

    /// The login's text.
    var username: String { user.rawValue }
  }

  let followersStub = Stub<FollowersCall, FollowersPage> { call in
    try await DemoFollowersService().followers(of: call.user, page: call.page, perPage: call.perPage)
  }
  let followersPageStub = Stub<URL, FollowersPage> { try await DemoFollowersService().followersPage(at: $0) }
  let profileStub = Stub<GitHubUsername, UserProfile> { try await DemoFollowersService().profile(of: $0) }
  let searchUsersStub = Stub<String, UserSearchResult> { try await DemoFollowersService().searchUsers($0) }
  /// What ``latestRateLimit()`` reports; `nil` (no counters) unless a test sets it.
  let rateLimit = LockedState<RateLimit?>(nil)

  /// How many calls the service has had, over all its methods.
  var callCount: Int {
    followersStub.callCount + followersPageStub.callCount + profileStub.callCount + searchUsersStub.callCount
  }

  func followers(of user: GitHubUsername, page: Int, perPage: Int) async throws -> FollowersPage {
    try await followersStub(FollowersCall(user: user, page: page, perPage: perPage))
  }

  func followersPage(at url: URL) async throws -> FollowersPage {
    try await followersPageStub(url)
  }

  func profile(of user: GitHubUsername) async throws -> UserProfile {
    try await profileStub(user)
  }

  func searchUsers(_ query: String) async throws -> UserSearchResult {
    try await searchUsersStub(query)
  }

  func latestRateLimit() async -> RateLimit? {
    rateLimit.withLock { $0 }
  }
}
