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
    var username: String
    var page: Int
    var perPage: Int
  }

  let followersStub = Stub<FollowersCall, FollowersPage> { call in
    try await DemoFollowersService().followers(of: call.username, page: call.page, perPage: call.perPage)
  }
  let followersPageStub = Stub<URL, FollowersPage> { try await DemoFollowersService().followersPage(at: $0) }
  let profileStub = Stub<String, UserProfile> { try await DemoFollowersService().profile(of: $0) }
  let searchUsersStub = Stub<String, UserSearchResult> { try await DemoFollowersService().searchUsers($0) }

  /// How many calls the service has had, over all its methods.
  var callCount: Int {
    followersStub.callCount + followersPageStub.callCount + profileStub.callCount + searchUsersStub.callCount
  }

  func followers(of username: String, page: Int, perPage: Int) async throws -> FollowersPage {
    try await followersStub(FollowersCall(username: username, page: page, perPage: perPage))
  }

  func followersPage(at url: URL) async throws -> FollowersPage {
    try await followersPageStub(url)
  }

  func profile(of username: String) async throws -> UserProfile {
    try await profileStub(username)
  }

  func searchUsers(_ query: String) async throws -> UserSearchResult {
    try await searchUsersStub(query)
  }
}
