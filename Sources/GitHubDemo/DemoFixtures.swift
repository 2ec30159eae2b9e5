import Foundation
import GitHubAPI

/// The offline data behind ``DemoFollowersService``: the user `octocat`,
/// 45 followers, their profiles, and a user search over them. Some followers have followers of
/// their own (each `…-lynx` has 12 and each `…-panda` 40, drawn from octocat's), so that opening
/// one in `action-dispatch browse --demo` shows a list; the others have none.
///
/// Pages carry `next`/`last` URLs on the fake host `https://demo.invalid`, shaped like GitHub's
/// (`/users/octocat/followers?per_page=20&page=2`), so pagination code runs unchanged and
/// `action-dispatch followers octocat --demo --all` works without a network.
///
/// ```swift
/// let page = try DemoFixtures.followersPage(of: "octocat", page: 1, perPage: 20)
/// print(page.followers.count, page.lastPage ?? 0)   // 20 3
/// ```
///
/// > Important: The followers are invented (`amber-otter`, `brave-heron`, ...); they are not
/// > real GitHub accounts.
public enum DemoFixtures {
  /// `https://demo.invalid`, the host of every demo URL (`.invalid` never resolves).
  public static let baseURL = URL(string: "https://demo.invalid")!

  /// `octocat`, the user with followers.
  public static let username = "octocat"

  /// `brave-heron`, the one demo user whom following or unfollowing always fails
  /// (``DemoFollowRefusedError``), to show a failed row in `action-dispatch browse --demo`.
  public static let unfollowableLogin = "brave-heron"

  /// The demo user's profile.
  public static let profile = UserProfile(
    login: "octocat",
    id: 583231,
    nodeID: "MDQ6VXNlcjU4MzIzMQ==",
    avatarURL: baseURL.appendingPathComponent("avatars/583231.png"),
    htmlURL: baseURL.appendingPathComponent("octocat"),
    type: "User",
    siteAdmin: false,
    name: "The Octocat",
    company: "@github",
    blog: "https://github.blog",
    location: "San Francisco",
    email: nil,
    hireable: nil,
    bio: "A demo profile served offline by action-dispatch --demo.",
    twitterUsername: nil,
    publicRepos: 8,
    publicGists: 8,
    followers: 45,
    following: 9,
    createdAt: Date(timeIntervalSince1970: 1_295_981_076),  // 2011-01-25T18:44:36Z
    updatedAt: Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01T00:00:00Z
  )

  /// The demo user's 45 followers, in the order GitHub would list them.
  public static let followers: [Follower] = {
    let adjectives = ["amber", "brave", "calm", "clever", "daring", "eager", "fancy", "gentle", "happy"]
    let animals = ["otter", "heron", "lynx", "panda", "koala"]
    var result: [Follower] = []
    for adjective in adjectives {
      for animal in animals {
        let id = 1001 + result.count
        let login = "\(adjective)-\(animal)"
        result.append(
          Follower(
            login: login,
            id: id,
            nodeID: "DEMO\(id)",
            avatarURL: baseURL.appendingPathComponent("avatars/\(id).png"),
            gravatarID: "",
            url: baseURL.appendingPathComponent("users/\(login)"),
            htmlURL: baseURL.appendingPathComponent(login),
            type: "User",
            siteAdmin: false,
            userViewType: "public"))
      }
    }
    return result
  }()

  /// The profile of the demo user or of one of the followers.
  ///
  /// - Parameter username: A login, matched ignoring case as GitHub does.
  /// - Returns: The profile, or `nil` for a login the demo does not know.
  public static func profile(of username: String) -> UserProfile? {
    if username.lowercased() == Self.username { return profile }
    guard let follower = followers.first(where: { $0.login.lowercased() == username.lowercased() }) else { return nil }
    let created = Date(timeIntervalSince1970: 1_400_000_000 + TimeInterval(follower.id) * 86_400)
    return UserProfile(
      login: follower.login, id: follower.id, nodeID: follower.nodeID, avatarURL: follower.avatarURL,
      htmlURL: follower.htmlURL, type: follower.type, siteAdmin: false,
      name: follower.login.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(
        separator: " "),
      publicRepos: follower.id % 17, publicGists: follower.id % 5, followers: followerCount(of: follower.login),
      following: 1,
      createdAt: created, updatedAt: created)
  }

  /// How many followers a demo follower has: 12 for each `…-lynx`, 40 for each `…-panda`, else none.
  static func followerCount(of login: String) -> Int {
    if login.hasSuffix("-lynx") { return 12 }
    if login.hasSuffix("-panda") { return 40 }
    return 0
  }

  /// A demo user's followers: octocat's 45; for a follower with followers, that many of
  /// octocat's, starting after it in octocat's list (wrapping round) and never itself.
  static func followers(of login: String) -> [Follower] {
    if login == Self.username { return followers }
    guard let index = followers.firstIndex(where: { $0.login == login }) else { return [] }
    let count = followerCount(of: login)
    return (0..<count).map { followers[(index + 1 + $0) % followers.count] }
  }

  /// A page of a demo user's followers, with GitHub-shaped `next` and `last` links.
  ///
  /// `octocat` has 45 followers; each `…-lynx` has 12 and each `…-panda` 40; the others none.
  ///
  /// - Parameters:
  ///   - login: A login the demo knows.
  ///   - page: The page number, from 1 (smaller values mean 1).
  ///   - perPage: Followers per page, clamped to 1...100.
  /// - Returns: The page; past the last page, an empty one (as GitHub answers).
  /// - Throws: ``DemoUserNotFoundError``.
  public static func followersPage(of login: GitHubUsername, page: Int, perPage: Int) throws -> FollowersPage {
    guard let user = profile(of: login.rawValue) else { throw DemoUserNotFoundError(login: login.rawValue) }
    let all = followers(of: user.login)
    let perPage = min(max(perPage, 1), 100)
    let page = max(page, 1)
    let lastPage = max(1, (all.count + perPage - 1) / perPage)
    let start = min((page - 1) * perPage, all.count)
    let slice = Array(all[start..<min(start + perPage, all.count)])
    func url(_ number: Int) -> URL {
      URL(string: "\(baseURL.absoluteString)/users/\(user.login)/followers?per_page=\(perPage)&page=\(number)")
        ?? baseURL
    }
    let hasNext = page < lastPage
    return FollowersPage(
      followers: slice, next: hasNext ? url(page + 1) : nil, last: hasNext ? url(lastPage) : nil,
      page: page, lastPage: lastPage)
  }

  /// The page a demo `next`/`last` URL points to.
  ///
  /// - Parameter url: A URL of the form `https://demo.invalid/users/{login}/followers?per_page=&page=`.
  /// - Returns: The page.
  /// - Throws: ``GitHubError/notFound(_:)`` for any other URL, ``DemoUserNotFoundError`` for an
  ///   unknown user.
  public static func followersPage(at url: URL) throws -> FollowersPage {
    let segments = url.path.split(separator: "/").map(String.init)
    guard url.host == baseURL.host, segments.count == 3, segments[0] == "users", segments[2] == "followers" else {
      throw GitHubError.notFound(url.path.isEmpty ? url.absoluteString : url.path)
    }
    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    func number(_ name: String) -> Int? { items.first { $0.name == name }?.value.flatMap { Int($0) } }
    // The login in a link is the server's text: checked here, where it comes in.
    return try followersPage(
      of: GitHubUsername(segments[1]), page: number("page") ?? 1, perPage: number("per_page") ?? 30)
  }

  /// A user search over the demo user and its followers: logins containing the query,
  /// ignoring case, best (shortest) first, each with a score.
  ///
  /// `type:user` and `type:org` keep only accounts of that type, as on GitHub (every demo
  /// account is a user, so `type:org` finds none); other qualifiers, such as `followers:>10`,
  /// are ignored.
  ///
  /// - Parameter query: The search text.
  /// - Returns: The matches (at most 30, as on GitHub's first page).
  public static func search(_ query: String) -> UserSearchResult {
    let tokens = query.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
    let words = tokens.filter { !$0.contains(":") }
    // GitHub's type: qualifier names `User` accounts `user` and `Organization` accounts `org`.
    let types = tokens.filter { $0.hasPrefix("type:") }.map { $0.dropFirst("type:".count) }
    func typeMatches(_ follower: Follower) -> Bool {
      let type = follower.type == "Organization" ? "org" : (follower.type ?? "").lowercased()
      return types.allSatisfy { $0 == type }
    }
    let everyone =
      [
        Follower(
          login: profile.login, id: profile.id, nodeID: profile.nodeID, avatarURL: profile.avatarURL, gravatarID: "",
          url: baseURL.appendingPathComponent("users/octocat"), htmlURL: profile.htmlURL, userViewType: "public")
      ] + followers
    let matches =
      everyone
      .filter { follower in typeMatches(follower) && words.allSatisfy { follower.login.lowercased().contains($0) } }
      .sorted { ($0.login.count, $0.login) < ($1.login.count, $1.login) }
      .map { follower -> Follower in
        var scored = follower
        scored.score = 1
        return scored
      }
    return UserSearchResult(totalCount: matches.count, incompleteResults: false, items: Array(matches.prefix(30)))
  }
}
