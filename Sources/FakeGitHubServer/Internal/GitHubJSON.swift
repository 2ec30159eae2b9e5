import Foundation

/// A user added with ``FakeGitHubServer/addUser(_:followers:name:paging:)``.
struct FakeUser: Sendable {
  let login: String
  let followers: Int
  let name: String?
  /// How the user's followers are paged.
  var paging = FakePaging.github
}

/// Generates GitHub-shaped JSON text, key for key in the order GitHub sends it.
///
/// Everything derives deterministically from the login, so two runs (and two servers) produce
/// identical bytes apart from the base URL embedded in the API links.
enum GitHubJSON {
  static let notFoundBody =
    #"{"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"}"#

  static let primaryRateLimitBody =
    #"{"message":"API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)","documentation_url":"https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"}"#

  static let secondaryRateLimitBody =
    #"{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID C0DE:1F2E:3D4C:5B6A:7F8E9D0C.","documentation_url":"https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits","status":"403"}"#

  static let brokenBody =
    #"[{"login":"octocat","id":583231,"node_id":"MDQ6VXNlcjU4MzIzMQ==","avatar_url":"https://avatars.githubusercontent.com/u/583231?v=4","gravatar_id":"","url":"https://api.github"#

  static let searchValidationFailedBody =
    #"{"message":"Validation Failed","errors":[{"resource":"Search","field":"q","code":"missing"}],"documentation_url":"https://docs.github.com/v3/search","status":"422"}"#

  static func serverErrorBody(status: Int) -> String {
    #"{"message":"Server Error","documentation_url":"https://docs.github.com/rest","status":"\#(status)"}"#
  }

  static func redirectBody(status: Int, location: String) -> String {
    let message = ResponseWriter.reason(for: status)
    return
      #"{"message":"\#(message)","url":"\#(escape(location))","documentation_url":"https://docs.github.com/rest/guides/best-practices-for-using-the-rest-api#follow-redirects"}"#
  }

  // MARK: Users

  /// A stable, plausible GitHub user id for `login` (FNV-1a, so it never changes across runs).
  static func id(for login: String) -> Int {
    Int(fnv1a(login) % 150_000_000) + 1_000
  }

  /// GitHub's legacy global node id: base64 of `"04:User<id>"`, e.g. `MDQ6VXNlcjE=` for id 1.
  static func nodeID(for id: Int) -> String {
    Data("04:User\(id)".utf8).base64EncodedString()
  }

  /// The "simple user" object GitHub lists in followers and search results.
  ///
  /// - Parameters:
  ///   - login: The user's login.
  ///   - apiBase: The server's base URL, used for the API links (as GitHub Enterprise does).
  ///   - score: Appended as `"score"` for search results.
  static func simpleUser(_ login: String, apiBase: String, score: Double? = nil, into json: inout String) {
    json += "{"
    appendSimpleUserFields(login, apiBase: apiBase, into: &json)
    if let score {
      json += #","score":\#(score)"#
    }
    json += "}"
  }

  /// The `GET /users/{login}` object: simple-user fields followed by the public profile.
  static func profile(_ user: FakeUser, apiBase: String) -> String {
    let hash = fnv1a(user.login)
    var json = "{"
    appendSimpleUserFields(user.login, apiBase: apiBase, into: &json)
    json += #","name":\#(stringOrNull(user.name))"#
    json += #","company":null,"blog":"","location":null,"email":null,"hireable":null,"bio":null"#
    json += #","twitter_username":null"#
    json += #","public_repos":\#(hash % 97),"public_gists":\#((hash >> 8) % 23)"#
    json += #","followers":\#(user.followers),"following":\#((hash >> 16) % 50)"#
    json += #","created_at":"2011-01-25T18:44:36Z","updated_at":"2025-01-15T09:30:12Z"}"#
    return json
  }

  /// A page of followers of `user`: `"\(login)-follower-\(n)"` for `n` in `range`.
  static func followers(of user: FakeUser, range: Range<Int>, apiBase: String) -> String {
    var json = "["
    json.reserveCapacity(range.count * 1_200 + 2)
    for n in range {
      if n != range.lowerBound { json += "," }
      simpleUser("\(user.login)-follower-\(n)", apiBase: apiBase, into: &json)
    }
    json += "]"
    return json
  }

  /// A `GET /search/users` result page.
  static func search(total: Int, page: ArraySlice<FakeUser>, apiBase: String) -> String {
    var json = #"{"total_count":\#(total),"incomplete_results":false,"items":["#
    for (offset, user) in page.enumerated() {
      if offset > 0 { json += "," }
      simpleUser(user.login, apiBase: apiBase, score: 1.0, into: &json)
    }
    json += "]}"
    return json
  }

  private static func appendSimpleUserFields(_ login: String, apiBase: String, into json: inout String) {
    let id = id(for: login)
    let name = escape(login)
    let user = "\(apiBase)/users/\(escape(pathEscape(login)))"
    json += #""login":"\#(name)","id":\#(id),"node_id":"\#(nodeID(for: id))""#
    json += #","avatar_url":"https://avatars.githubusercontent.com/u/\#(id)?v=4","gravatar_id":"""#
    json += #","url":"\#(user)","html_url":"https://github.com/\#(escape(pathEscape(login)))""#
    json += #","followers_url":"\#(user)/followers","following_url":"\#(user)/following{/other_user}""#
    json += #","gists_url":"\#(user)/gists{/gist_id}","starred_url":"\#(user)/starred{/owner}{/repo}""#
    json += #","subscriptions_url":"\#(user)/subscriptions","organizations_url":"\#(user)/orgs""#
    json += #","repos_url":"\#(user)/repos","events_url":"\#(user)/events{/privacy}""#
    json += #","received_events_url":"\#(user)/received_events""#
    json += #","type":"User","user_view_type":"public","site_admin":false"#
  }

  // MARK: Helpers

  static func stringOrNull(_ value: String?) -> String {
    value.map { "\"\(escape($0))\"" } ?? "null"
  }

  /// Escapes a string for use inside JSON quotes.
  static func escape(_ string: String) -> String {
    guard string.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" || $0.value < 0x20 }) else {
      return string
    }
    var out = ""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        out +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Percent-encodes a login for use as a URL path segment.
  static func pathEscape(_ segment: String) -> String {
    PercentEncoding.encodePathSegment(segment)
  }

  /// 64-bit FNV-1a over the UTF-8 bytes.
  static func fnv1a(_ string: String, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    var hash = seed
    for byte in string.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  static func fnv1a(_ bytes: Data, seed: UInt64) -> UInt64 {
    bytes.withUnsafeBytes { raw in
      var hash = seed
      for byte in raw {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
      }
      return hash
    }
  }

  /// A weak ETag over the body, shaped like GitHub's: `W/"` + 64 hex digits + `"`.
  static func etag(for body: Data) -> String {
    let seeds: [UInt64] = [0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4, 0x9ce4_cbf2_2325_8422, 0x2325_8422_9ce4_cbf2]
    let hex = seeds.map { seed -> String in
      let digits = String(fnv1a(body, seed: seed), radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }
    return "W/\"\(hex.joined())\""
  }
}
