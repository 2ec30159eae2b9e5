import Foundation

/// A GitHub account as it appears in a list: a follower, or an item of a user search.
///
/// Decodes the JSON GitHub sends (snake_case, with `null` where a field may be missing) and
/// encodes back to the same field names, so `--json` output looks like GitHub's own. Any
/// `JSONDecoder` or `JSONEncoder` works: no key or date strategy is needed. Only what
/// identifies the account, ``login`` and ``id``, is required: any other field may be missing
/// or `null` (it is then `nil`), though a field of the wrong type is still an error.
///
/// ```swift
/// let json = Data(#"{"login":"octocat","id":583231,"node_id":"MDQ6VXNlcjU4MzIzMQ==","#
///   + #""avatar_url":"https://avatars.githubusercontent.com/u/583231?v=4","gravatar_id":"","#
///   + #""html_url":"https://github.com/octocat","type":"User","site_admin":false}"#.utf8)
/// let follower = try JSONDecoder().decode(Follower.self, from: json)
/// print(follower.login, follower.htmlURL)   // octocat https://github.com/octocat
/// ```
public struct Follower: Codable, Sendable, Hashable, Identifiable {
  /// The login, such as `octocat`.
  public var login: String
  /// GitHub's numeric account id; stable when the account is renamed.
  public var id: Int
  /// The GraphQL node id.
  public var nodeID: String?
  /// The avatar image.
  public var avatarURL: URL?
  /// The Gravatar id; GitHub sends an empty string.
  public var gravatarID: String?
  /// The account's REST API URL.
  public var url: URL?
  /// The account's page on github.com.
  public var htmlURL: URL?
  /// `User`, `Organization` or `Bot`.
  public var type: String?
  /// Whether the account is a GitHub staff administrator.
  public var siteAdmin: Bool?
  /// `public` for most accounts (GitHub's `user_view_type`).
  public var userViewType: String?
  /// The relevance score of a search result; `nil` outside a search.
  public var score: Double?

  /// Creates an account value.
  ///
  /// - Parameters:
  ///   - login: The login.
  ///   - id: The numeric account id.
  ///   - nodeID: The GraphQL node id.
  ///   - avatarURL: The avatar image.
  ///   - gravatarID: The Gravatar id.
  ///   - url: The REST API URL.
  ///   - htmlURL: The page on github.com.
  ///   - type: `User`, `Organization` or `Bot`.
  ///   - siteAdmin: Whether the account is a staff administrator.
  ///   - userViewType: GitHub's `user_view_type`.
  ///   - score: The search relevance score.
  public init(
    login: String,
    id: Int,
    nodeID: String? = nil,
    avatarURL: URL?,
    gravatarID: String? = nil,
    url: URL? = nil,
    htmlURL: URL?,
    type: String? = "User",
    siteAdmin: Bool? = false,
    userViewType: String? = nil,
    score: Double? = nil
  ) {
    self.login = login
    self.id = id
    self.nodeID = nodeID
    self.avatarURL = avatarURL
    self.gravatarID = gravatarID
    self.url = url
    self.htmlURL = htmlURL
    self.type = type
    self.siteAdmin = siteAdmin
    self.userViewType = userViewType
    self.score = score
  }

  /// GitHub's JSON field names.
  enum CodingKeys: String, CodingKey {
    case login
    case id
    case nodeID = "node_id"
    case avatarURL = "avatar_url"
    case gravatarID = "gravatar_id"
    case url
    case htmlURL = "html_url"
    case type
    case siteAdmin = "site_admin"
    case userViewType = "user_view_type"
    case score
  }
}
