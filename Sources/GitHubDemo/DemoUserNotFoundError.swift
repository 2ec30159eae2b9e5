import GitHubAPI

/// The demo data has no user by that login; unlike ``GitHubError/notFound(_:)``, no request
/// was sent, so nothing is said about GitHub.
///
/// Thrown by ``DemoFixtures`` and ``DemoFollowersService`` for a valid login
/// other than `octocat` and its 45 followers:
///
/// ```swift
/// do {
///   _ = try DemoFixtures.followersPage(of: "mona", page: 1, perPage: 30)
/// } catch {
///   print(error)   // The demo has no user "mona" (no request was sent): it has octocat and ...
/// }
/// ```
public struct DemoUserNotFoundError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The login asked for, as given.
  public let login: String

  /// Creates the error.
  ///
  /// - Parameter login: The login asked for; already validated as a GitHub username, so it
  ///   holds only letters, digits and hyphens.
  public init(login: String) {
    self.login = login
  }

  /// What happened and what the demo does have.
  public var description: String {
    "The demo has no user \"\(login)\" (no request was sent): it has octocat and octocat's 45 followers, "
      + "such as amber-otter."
  }
}
