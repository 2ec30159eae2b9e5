import Foundation

/// A user's public profile (`GET /users/{username}`).
///
/// Only what identifies the account, ``login`` and ``id``, is required: every other field is
/// optional, because GitHub sends `null` for what a user left empty (name, company, blog,
/// location, email, bio, Twitter) and a server may leave any field out. A field of the wrong
/// type is still an error that names it. Dates are read from and written as ISO 8601
/// strings (`2011-01-25T18:44:36Z`) whatever the coder's date strategy, so a plain
/// `JSONDecoder()` reads GitHub's JSON and a plain `JSONEncoder()` writes it back. Dates are
/// whole seconds: fractional seconds, which GitHub never sends, are read and dropped.
///
/// ```swift
/// let profile = try await GitHubClient().profile(of: "octocat")
/// print("\(profile.name ?? profile.login): \(profile.followers) followers since \(profile.createdAt)")
/// ```
public struct UserProfile: Codable, Sendable, Hashable, Identifiable {
  /// The login, such as `octocat`.
  public var login: String
  /// GitHub's numeric account id.
  public var id: Int
  /// The GraphQL node id.
  public var nodeID: String?
  /// The avatar image.
  public var avatarURL: URL?
  /// The profile page on github.com.
  public var htmlURL: URL?
  /// `User`, `Organization` or `Bot`.
  public var type: String?
  /// Whether the account is a GitHub staff administrator.
  public var siteAdmin: Bool?
  /// The display name.
  public var name: String?
  /// The company, as typed by the user (often `@org`).
  public var company: String?
  /// The website, as typed by the user (not always a valid URL, often empty).
  public var blog: String?
  /// The location, as typed by the user.
  public var location: String?
  /// The public email address.
  public var email: String?
  /// Whether the user said they are available for hire.
  public var hireable: Bool?
  /// The biography.
  public var bio: String?
  /// The Twitter/X handle, without `@`.
  public var twitterUsername: String?
  /// The number of public repositories.
  public var publicRepos: Int?
  /// The number of public gists.
  public var publicGists: Int?
  /// The number of followers.
  public var followers: Int?
  /// The number of accounts this user follows.
  public var following: Int?
  /// When the account was created.
  public var createdAt: Date?
  /// When the profile last changed.
  public var updatedAt: Date?

  /// Creates a profile.
  ///
  /// - Parameters:
  ///   - login: The login.
  ///   - id: The numeric account id.
  ///   - nodeID: The GraphQL node id.
  ///   - avatarURL: The avatar image.
  ///   - htmlURL: The profile page.
  ///   - type: `User`, `Organization` or `Bot`.
  ///   - siteAdmin: Whether the account is a staff administrator.
  ///   - name: The display name.
  ///   - company: The company.
  ///   - blog: The website.
  ///   - location: The location.
  ///   - email: The public email address.
  ///   - hireable: Whether the user is available for hire.
  ///   - bio: The biography.
  ///   - twitterUsername: The Twitter/X handle.
  ///   - publicRepos: The number of public repositories.
  ///   - publicGists: The number of public gists.
  ///   - followers: The number of followers.
  ///   - following: The number of accounts followed.
  ///   - createdAt: When the account was created.
  ///   - updatedAt: When the profile last changed.
  public init(
    login: String,
    id: Int,
    nodeID: String? = nil,
    avatarURL: URL?,
    htmlURL: URL?,
    type: String? = "User",
    siteAdmin: Bool? = false,
    name: String? = nil,
    company: String? = nil,
    blog: String? = nil,
    location: String? = nil,
    email: String? = nil,
    hireable: Bool? = nil,
    bio: String? = nil,
    twitterUsername: String? = nil,
    publicRepos: Int? = 0,
    publicGists: Int? = 0,
    followers: Int? = 0,
    following: Int? = 0,
    createdAt: Date?,
    updatedAt: Date? = nil
  ) {
    self.login = login
    self.id = id
    self.nodeID = nodeID
    self.avatarURL = avatarURL
    self.htmlURL = htmlURL
    self.type = type
    self.siteAdmin = siteAdmin
    self.name = name
    self.company = company
    self.blog = blog
    self.location = location
    self.email = email
    self.hireable = hireable
    self.bio = bio
    self.twitterUsername = twitterUsername
    self.publicRepos = publicRepos
    self.publicGists = publicGists
    self.followers = followers
    self.following = following
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }

  /// GitHub's JSON field names.
  enum CodingKeys: String, CodingKey {
    case login
    case id
    case nodeID = "node_id"
    case avatarURL = "avatar_url"
    case htmlURL = "html_url"
    case type
    case siteAdmin = "site_admin"
    case name
    case company
    case blog
    case location
    case email
    case hireable
    case bio
    case twitterUsername = "twitter_username"
    case publicRepos = "public_repos"
    case publicGists = "public_gists"
    case followers
    case following
    case createdAt = "created_at"
    case updatedAt = "updated_at"
  }

  /// Reads GitHub's JSON.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when `login` or `id` is missing or `null`, when a field has the
  ///   wrong type, or when a date is not ISO 8601.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    login = try container.decode(String.self, forKey: .login)
    id = try container.decode(Int.self, forKey: .id)
    nodeID = try container.decodeIfPresent(String.self, forKey: .nodeID)
    avatarURL = try container.decodeIfPresent(URL.self, forKey: .avatarURL)
    htmlURL = try container.decodeIfPresent(URL.self, forKey: .htmlURL)
    type = try container.decodeIfPresent(String.self, forKey: .type)
    siteAdmin = try container.decodeIfPresent(Bool.self, forKey: .siteAdmin)
    name = try container.decodeIfPresent(String.self, forKey: .name)
    company = try container.decodeIfPresent(String.self, forKey: .company)
    blog = try container.decodeIfPresent(String.self, forKey: .blog)
    location = try container.decodeIfPresent(String.self, forKey: .location)
    email = try container.decodeIfPresent(String.self, forKey: .email)
    hireable = try container.decodeIfPresent(Bool.self, forKey: .hireable)
    bio = try container.decodeIfPresent(String.self, forKey: .bio)
    twitterUsername = try container.decodeIfPresent(String.self, forKey: .twitterUsername)
    publicRepos = try container.decodeIfPresent(Int.self, forKey: .publicRepos)
    publicGists = try container.decodeIfPresent(Int.self, forKey: .publicGists)
    followers = try container.decodeIfPresent(Int.self, forKey: .followers)
    following = try container.decodeIfPresent(Int.self, forKey: .following)
    createdAt = try ISO8601Date.decodeIfPresent(from: container, forKey: .createdAt)
    updatedAt = try ISO8601Date.decodeIfPresent(from: container, forKey: .updatedAt)
  }

  /// Writes GitHub's JSON: the same field names, dates as ISO 8601 strings, `null` for
  /// missing optional fields (as GitHub does).
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(login, forKey: .login)
    try container.encode(id, forKey: .id)
    try container.encode(nodeID, forKey: .nodeID)
    try container.encode(avatarURL, forKey: .avatarURL)
    try container.encode(htmlURL, forKey: .htmlURL)
    try container.encode(type, forKey: .type)
    try container.encode(siteAdmin, forKey: .siteAdmin)
    try container.encode(name, forKey: .name)
    try container.encode(company, forKey: .company)
    try container.encode(blog, forKey: .blog)
    try container.encode(location, forKey: .location)
    try container.encode(email, forKey: .email)
    try container.encode(hireable, forKey: .hireable)
    try container.encode(bio, forKey: .bio)
    try container.encode(twitterUsername, forKey: .twitterUsername)
    try container.encode(publicRepos, forKey: .publicRepos)
    try container.encode(publicGists, forKey: .publicGists)
    try container.encode(followers, forKey: .followers)
    try container.encode(following, forKey: .following)
    try container.encode(createdAt.map(ISO8601Date.string(from:)), forKey: .createdAt)
    try container.encode(updatedAt.map(ISO8601Date.string(from:)), forKey: .updatedAt)
  }
}
