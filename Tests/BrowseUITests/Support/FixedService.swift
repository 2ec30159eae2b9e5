import Foundation
import GitHubFollowers

/// A ``FollowersService`` with fixed answers and hostile text: wide characters, combining marks,
/// escape sequences and bidi controls, as an untrusted server could send.
struct FixedService: FollowersService {
  static let followers: [Follower] = [
    "amber-otter", "日本語のユーザー名前", "e\u{301}tienne", "evil\u{1B}[2J\u{1B}]52;c;eA==\u{07}x",
    "bidi\u{202E}gnp.exe", "🐙octo", String(repeating: "long", count: 20),
  ].enumerated().map { index, login in
    Follower(login: login, id: 1 + index, avatarURL: nil, htmlURL: nil, type: index == 5 ? "Organization" : "User")
  }

  /// What every profile request throws instead of answering, when set.
  var profileError: GitHubError?
  /// How many followers every profile claims; the list has 7.
  var claimedFollowers = 7
  /// The rate-limit counters the service reports; none by default.
  var rateLimit: RateLimit?

  func latestRateLimit() async -> RateLimit? { rateLimit }

  func followers(of user: GitHubUsername, page: Int, perPage: Int) async throws -> FollowersPage {
    FollowersPage(followers: user == "octocat" ? Self.followers : [], page: 1, lastPage: 1)
  }

  func followersPage(at url: URL) async throws -> FollowersPage {
    throw GitHubError.notFound(url.path)
  }

  func profile(of user: GitHubUsername) async throws -> UserProfile {
    if let profileError { throw profileError }
    return UserProfile(
      login: user.rawValue, id: 7, avatarURL: nil, htmlURL: nil,
      name: user == "octocat" ? "The Octocat" : "名前\u{1B}[31mRed\u{202E}",
      company: "@github\u{07}", location: "東京 Tokyo", publicRepos: 8, followers: claimedFollowers, following: 2,
      createdAt: Date(timeIntervalSince1970: 1_295_981_076))
  }

  func searchUsers(_ query: String) async throws -> UserSearchResult {
    let items = Self.followers.filter { $0.login.contains(query) }
    return UserSearchResult(totalCount: items.count, items: items)
  }
}
