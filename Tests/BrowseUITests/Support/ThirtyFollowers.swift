import Foundation
import GitHubFollowers

/// A ``FollowersService`` whose `octocat` has 30 followers, `user-0` to `user-29`, on one page;
/// every other user has none, and everyone has a profile.
struct ThirtyFollowers: FollowersService {
  static let followers = (0..<30).map { Follower(login: "user-\($0)", id: 10_000 + $0, avatarURL: nil, htmlURL: nil) }

  func followers(of user: GitHubUsername, page: Int, perPage: Int) async throws -> FollowersPage {
    FollowersPage(followers: user == "octocat" ? Self.followers : [], page: 1, lastPage: 1)
  }

  func followersPage(at url: URL) async throws -> FollowersPage {
    throw GitHubError.notFound(url.path)
  }

  func profile(of user: GitHubUsername) async throws -> UserProfile {
    UserProfile(login: user.rawValue, id: 1, avatarURL: nil, htmlURL: nil, createdAt: nil)
  }

  func searchUsers(_ query: String) async throws -> UserSearchResult {
    let items = Self.followers.filter { $0.login.contains(query) }
    return UserSearchResult(totalCount: items.count, items: items)
  }
}
