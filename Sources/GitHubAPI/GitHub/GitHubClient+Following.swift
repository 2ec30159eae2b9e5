import Foundation

extension GitHubClient: FollowingService {
  /// Says that a token is needed when none is configured; `nil` when there is one.
  public var followingUnavailableReason: String? {
    configuration.effectiveToken == nil
      ? "Following needs a token: set GITHUB_TOKEN (or GH_TOKEN) to one with the user:follow scope."
      : nil
  }

  /// Follows a user (`PUT /user/following/{username}`, which answers 204).
  ///
  /// - Parameter user: The login.
  /// - Throws: ``GitHubError``, or `CancellationError`.
  public func follow(_ user: GitHubUsername) async throws {
    try await changeFollowing(user, method: .put)
  }

  /// Stops following a user (`DELETE /user/following/{username}`, which answers 204).
  ///
  /// - Parameter user: The login.
  /// - Throws: ``GitHubError``, or `CancellationError`.
  public func unfollow(_ user: GitHubUsername) async throws {
    try await changeFollowing(user, method: .delete)
  }

  private func changeFollowing(_ user: GitHubUsername, method: HTTPMethod) async throws {
    let login = user.rawValue
    var request = HTTPRequest.get("/user/following/\(login)").header("Content-Length", "0")
    request.method = method
    _ = try await fetch(request, resource: login)
  }
}
