import Foundation
import GitHubFollowers

/// The services of a ``BrowseFuzzInput``'s world: every list starts with the next login of the
/// path (so it can be opened), then the input's logins; profiles, errors and search results carry
/// the input's text.
struct BrowseFuzzService: FollowersService, FollowingService {
  let input: BrowseFuzzInput

  var followingUnavailableReason: String? { nil }

  func followers(of user: GitHubUsername, page: Int, perPage: Int) async throws -> FollowersPage {
    let level = (0..<4).first { input.pathLogin($0) == user.rawValue } ?? 3
    let logins = [input.pathLogin(level + 1)] + input.logins
    let followers = logins.enumerated().map { index, login in
      Follower(login: login, id: index + 1, avatarURL: nil, htmlURL: nil, type: index == 0 ? "User" : input.type)
    }
    let next = input.hasMorePages ? URL(string: "https://api.github.com/users/\(user.rawValue)/followers?page=2") : nil
    return FollowersPage(followers: followers, next: next, page: 1, lastPage: next == nil ? 1 : 2)
  }

  func followersPage(at url: URL) async throws -> FollowersPage {
    throw input.flags & 0x01 == 0 ? GitHubError.transport(input.pageError) : .paginationStopped(input.pageError)
  }

  func profile(of user: GitHubUsername) async throws -> UserProfile {
    if let error = input.profileError { throw GitHubError.unexpectedStatus(500, message: error) }
    return UserProfile(
      login: user.rawValue, id: 1, avatarURL: nil, htmlURL: nil, name: input.name, company: input.company,
      location: input.location, bio: input.bio, publicRepos: input.columns * 1_000_003, followers: input.rows,
      following: -input.movesDown, createdAt: Date(timeIntervalSince1970: Double(input.flags) * -1e9))
  }

  func searchUsers(_ query: String) async throws -> UserSearchResult {
    if let error = input.searchError { throw GitHubError.transport(error) }
    let items = input.logins.enumerated().map { Follower(login: $1, id: $0 + 1, avatarURL: nil, htmlURL: nil) }
    return UserSearchResult(totalCount: items.count, items: items)
  }

  func follow(_ user: GitHubUsername) async throws {
    if !input.followError.isEmpty { throw GitHubError.transport(input.followError) }
  }

  func unfollow(_ user: GitHubUsername) async throws {
    if !input.followError.isEmpty { throw GitHubError.transport(input.followError) }
  }
}
