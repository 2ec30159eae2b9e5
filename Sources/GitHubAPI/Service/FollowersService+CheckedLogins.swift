import Foundation

extension FollowersService {
  /// One page of a user's followers: ``followers(of:page:perPage:)-(String,_,_)`` with the
  /// login's text, for a service written against the `String` form.
  ///
  /// - Parameters:
  ///   - user: The login.
  ///   - page: The page number, from 1.
  ///   - perPage: Followers per page, 1 to 100.
  /// - Returns: What the `String` form returns.
  /// - Throws: What the `String` form throws.
  public func followers(of user: GitHubUsername, page: Int, perPage: Int) async throws -> FollowersPage {
    try await followers(of: user.rawValue, page: page, perPage: perPage)
  }

  /// A user's public profile: ``profile(of:)-(String)`` with the login's text, for a service
  /// written against the `String` form.
  ///
  /// - Parameter user: The login.
  /// - Returns: What the `String` form returns.
  /// - Throws: What the `String` form throws.
  public func profile(of user: GitHubUsername) async throws -> UserProfile {
    try await profile(of: user.rawValue)
  }
}
