import Foundation

extension MockFollowersService {
  /// A call made to a ``MockFollowersService``, with its arguments, as recorded in
  /// ``MockFollowersService/calls``.
  ///
  /// ```swift
  /// #expect(mock.calls == [.followers(username: "octocat", page: 1, perPage: 30)])
  /// ```
  public enum Call: Sendable, Hashable, CustomStringConvertible {
    /// ``MockFollowersService/followers(of:page:perPage:)``.
    case followers(username: String, page: Int, perPage: Int)
    /// ``MockFollowersService/followersPage(at:)``.
    case followersPage(URL)
    /// ``MockFollowersService/profile(of:)``.
    case profile(String)
    /// ``MockFollowersService/searchUsers(_:)``.
    case searchUsers(String)

    /// The call as it would be written in Swift, such as `followers(of: "octocat", page: 2, perPage: 30)`.
    public var description: String {
      switch self {
      case .followers(let username, let page, let perPage):
        "followers(of: \(String(reflecting: username)), page: \(page), perPage: \(perPage))"
      case .followersPage(let url): "followersPage(at: \(url.absoluteString))"
      case .profile(let username): "profile(of: \(String(reflecting: username)))"
      case .searchUsers(let query): "searchUsers(\(String(reflecting: query)))"
      }
    }
  }
}
