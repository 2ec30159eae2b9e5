import Foundation

/// A GitHub account as it appears in a list: a follower, or an item of a user search.
///
/// Decodes the JSON GitHub sends (snake_case, with `null` where a field may be missing) and
/// encodes back to the same field names and values, so `--json` output looks like GitHub's
/// own. Any `JSONDecoder` or `JSONEncoder` works: no key or date strategy is needed. Only what
/// identifies the account, ``login`` and ``id``, is required: any other field may be missing
/// or `null` (it is then `nil`), though a field of the wrong type, or a URL field that is not a
/// URL, is still an error.
///
/// A list may hold hundreds of thousands of these, so a value keeps what GitHub derives from
/// the login and id (``htmlURL``, ``url`` on api.github.com, ``avatarURL``, the legacy
/// ``nodeID``) as a tag rather than a copy, and its URLs as text: about a quarter of the memory
/// of a value holding four `URL`s. The properties read and write as before.
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
  public var login: String {
    // The stored tags stand for text derived from the old login: keep that text.
    willSet { if newValue != login { materialize() } }
  }
  /// GitHub's numeric account id; stable when the account is renamed.
  public var id: Int {
    willSet { if newValue != id { materialize() } }
  }
  /// The Gravatar id; GitHub sends an empty string.
  public var gravatarID: String?
  /// `User`, `Organization` or `Bot`.
  public var type: String?
  /// Whether the account is a GitHub staff administrator.
  public var siteAdmin: Bool?
  /// `public` for most accounts (GitHub's `user_view_type`).
  public var userViewType: String?
  /// The relevance score of a search result; `nil` outside a search.
  public var score: Double?

  private var storedNodeID: DerivableText
  private var storedAvatarURL: DerivableText
  private var storedURL: DerivableText
  private var storedHTMLURL: DerivableText

  /// The GraphQL node id.
  public var nodeID: String? {
    get { storedNodeID.text(derived: derivedNodeID) }
    set { storedNodeID = DerivableText(newValue, derived: derivedNodeID) }
  }
  /// The avatar image.
  public var avatarURL: URL? {
    get { storedAvatarURL.text(derived: derivedAvatarURL).flatMap(URL.init(string:)) }
    set { storedAvatarURL = DerivableText(newValue?.absoluteString, derived: derivedAvatarURL) }
  }
  /// The account's REST API URL.
  public var url: URL? {
    get { storedURL.text(derived: derivedURL).flatMap(URL.init(string:)) }
    set { storedURL = DerivableText(newValue?.absoluteString, derived: derivedURL) }
  }
  /// The account's page on github.com.
  public var htmlURL: URL? {
    get { storedHTMLURL.text(derived: derivedHTMLURL).flatMap(URL.init(string:)) }
    set { storedHTMLURL = DerivableText(newValue?.absoluteString, derived: derivedHTMLURL) }
  }

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
    self.init(
      login: login, id: id, nodeID: nodeID, avatarURL: avatarURL?.absoluteString, gravatarID: gravatarID,
      url: url?.absoluteString, htmlURL: htmlURL?.absoluteString, type: type, siteAdmin: siteAdmin,
      userViewType: userViewType, score: score)
  }

  private init(
    login: String, id: Int, nodeID: String?, avatarURL: String?, gravatarID: String?, url: String?,
    htmlURL: String?, type: String?, siteAdmin: Bool?, userViewType: String?, score: Double?
  ) {
    self.login = login
    self.id = id
    self.gravatarID = gravatarID
    self.type = type
    self.siteAdmin = siteAdmin
    self.userViewType = userViewType
    self.score = score
    storedNodeID = .none
    storedAvatarURL = .none
    storedURL = .none
    storedHTMLURL = .none
    // A legacy node id is base64 of "04:User<id>", so it starts with that of "04:Use".
    storedNodeID =
      nodeID?.hasPrefix("MDQ6VXNl") == true
      ? DerivableText(nodeID, derived: derivedNodeID) : nodeID.map { .other($0) } ?? .none
    storedAvatarURL = DerivableText(avatarURL, derived: derivedAvatarURL)
    storedURL = DerivableText(url, derived: derivedURL)
    storedHTMLURL = DerivableText(htmlURL, derived: derivedHTMLURL)
  }

  /// Decodes GitHub's JSON; a URL field must hold a URL.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when `login` or `id` is missing, a field has the wrong type,
  ///   or a URL field is not a URL.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let login = try container.decode(String.self, forKey: .login)
    let id = try container.decode(Int.self, forKey: .id)
    // What GitHub derives from a well-formed login is a URL: only other text needs parsing,
    // which is most of what decoding a page costs.
    func link(_ key: CodingKeys, derived: @autoclosure () -> String?) throws -> String? {
      let text = try container.decodeIfPresent(String.self, forKey: key)
      guard Self.isLink(text, derived: derived()) else {
        throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "Invalid URL string.")
      }
      return text
    }
    let plainLogin = Self.isPlain(login)
    self.init(
      login: login,
      id: id,
      nodeID: try container.decodeIfPresent(String.self, forKey: .nodeID),
      avatarURL: try link(.avatarURL, derived: Self.avatarURL(id: id)),
      gravatarID: try container.decodeIfPresent(String.self, forKey: .gravatarID),
      url: try link(.url, derived: plainLogin ? Self.apiURL(login: login) : nil),
      htmlURL: try link(.htmlURL, derived: plainLogin ? Self.htmlURL(login: login) : nil),
      type: try container.decodeIfPresent(String.self, forKey: .type),
      siteAdmin: try container.decodeIfPresent(Bool.self, forKey: .siteAdmin),
      userViewType: try container.decodeIfPresent(String.self, forKey: .userViewType),
      score: try container.decodeIfPresent(Double.self, forKey: .score))
  }

  /// A follower read by ``FollowerPageScanner``, with the checks of `init(from:)`: `nil`
  /// where decoding would throw (a link that is not a URL).
  init?(
    scannedLogin login: String, id: Int, nodeID: String?, avatarURL: String?, gravatarID: String?, url: String?,
    htmlURL: String?, type: String?, siteAdmin: Bool?, userViewType: String?
  ) {
    let plainLogin = Self.isPlain(login)
    guard Self.isLink(avatarURL, derived: Self.avatarURL(id: id)),
      Self.isLink(url, derived: plainLogin ? Self.apiURL(login: login) : nil),
      Self.isLink(htmlURL, derived: plainLogin ? Self.htmlURL(login: login) : nil)
    else { return nil }
    self.init(
      login: login, id: id, nodeID: nodeID, avatarURL: avatarURL, gravatarID: gravatarID, url: url,
      htmlURL: htmlURL, type: type, siteAdmin: siteAdmin, userViewType: userViewType, score: nil)
  }

  /// Whether a login is what GitHub derives URLs from as they are: letters, digits, hyphens.
  private static func isPlain(_ login: String) -> Bool {
    login.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"):
        true
      default: false
      }
    }
  }

  /// Whether `text` may be stored as a link: absent, what GitHub derives (a URL, so only other
  /// text needs parsing, which is most of what decoding a page costs), or a URL.
  private static func isLink(_ text: String?, derived: @autoclosure () -> String?) -> Bool {
    guard let text, text != derived() else { return true }
    return URL(string: text) != nil
  }

  /// Encodes GitHub's field names; a field that is `nil` is left out.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(login, forKey: .login)
    try container.encode(id, forKey: .id)
    try container.encodeIfPresent(nodeID, forKey: .nodeID)
    try container.encodeIfPresent(storedAvatarURL.text(derived: derivedAvatarURL), forKey: .avatarURL)
    try container.encodeIfPresent(gravatarID, forKey: .gravatarID)
    try container.encodeIfPresent(storedURL.text(derived: derivedURL), forKey: .url)
    try container.encodeIfPresent(storedHTMLURL.text(derived: derivedHTMLURL), forKey: .htmlURL)
    try container.encodeIfPresent(type, forKey: .type)
    try container.encodeIfPresent(siteAdmin, forKey: .siteAdmin)
    try container.encodeIfPresent(userViewType, forKey: .userViewType)
    try container.encodeIfPresent(score, forKey: .score)
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

  /// Whether two values hold the same account data, whether a URL is kept as a tag or as text.
  ///
  /// - Parameters:
  ///   - lhs: A value.
  ///   - rhs: Another value.
  /// - Returns: Whether every field reads the same.
  public static func == (lhs: Follower, rhs: Follower) -> Bool {
    func same(_ left: DerivableText, _ right: DerivableText, _ text: (Follower) -> String?) -> Bool {
      left == right || text(lhs) == text(rhs)
    }
    return lhs.login == rhs.login && lhs.id == rhs.id && lhs.gravatarID == rhs.gravatarID && lhs.type == rhs.type
      && lhs.siteAdmin == rhs.siteAdmin && lhs.userViewType == rhs.userViewType && lhs.score == rhs.score
      && same(lhs.storedNodeID, rhs.storedNodeID) { $0.nodeID }
      && same(lhs.storedAvatarURL, rhs.storedAvatarURL) { $0.storedAvatarURL.text(derived: $0.derivedAvatarURL) }
      && same(lhs.storedURL, rhs.storedURL) { $0.storedURL.text(derived: $0.derivedURL) }
      && same(lhs.storedHTMLURL, rhs.storedHTMLURL) { $0.storedHTMLURL.text(derived: $0.derivedHTMLURL) }
  }

  /// Hashes the login and id: equal values have equal ones.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(login)
    hasher.combine(id)
  }

  // MARK: What GitHub derives from the login and id

  private func derivedNodeID() -> String {
    Data("04:User\(id)".utf8).base64EncodedString()
  }

  private func derivedAvatarURL() -> String {
    Self.avatarURL(id: id)
  }

  private func derivedURL() -> String {
    Self.apiURL(login: login)
  }

  private func derivedHTMLURL() -> String {
    Self.htmlURL(login: login)
  }

  private static func avatarURL(id: Int) -> String {
    "https://avatars.githubusercontent.com/u/\(id)?v=4"
  }

  private static func apiURL(login: String) -> String {
    "https://api.github.com/users/" + login
  }

  private static func htmlURL(login: String) -> String {
    "https://github.com/" + login
  }

  /// Replaces every tag with the text it stands for, before the login or id changes.
  private mutating func materialize() {
    func kept(_ stored: DerivableText, _ derived: () -> String) -> DerivableText {
      stored == .derived ? .other(derived()) : stored
    }
    storedNodeID = kept(storedNodeID, derivedNodeID)
    storedAvatarURL = kept(storedAvatarURL, derivedAvatarURL)
    storedURL = kept(storedURL, derivedURL)
    storedHTMLURL = kept(storedHTMLURL, derivedHTMLURL)
  }
}
