import FakeGitHubServer
import Foundation
import Testing

@testable import GitHubAPI
@testable import GitHubFollowers

/// The fast reader of a followers page returns what `JSONDecoder` returns for GitHub's plain
/// form, and gives every other form back to `JSONDecoder` (so its errors stay the same).
@Suite struct FollowerPageScannerTests {
  static let octocat = #"""
    {"login":"octocat","id":583231,"node_id":"MDQ6VXNlcjU4MzIzMQ==",\#
    "avatar_url":"https://avatars.githubusercontent.com/u/583231?v=4","gravatar_id":"",\#
    "url":"https://api.github.com/users/octocat","html_url":"https://github.com/octocat",\#
    "followers_url":"https://api.github.com/users/octocat/followers",\#
    "following_url":"https://api.github.com/users/octocat/following{/other_user}",\#
    "type":"User","user_view_type":"public","site_admin":false}
    """#

  static let enterprise = #"""
    {"login":"mona","id":7,"node_id":"U_kgDOAAAABw","avatar_url":"https://ghe.test/avatars/u/7?s=40",\#
    "gravatar_id":null,"url":"https://ghe.test/api/v3/users/mona","html_url":"https://ghe.test/mona",\#
    "type":"Organization","site_admin":true,"extra":-12,"flag":true,"none":null}
    """#

  static let sparse = #"{"id":0,"login":"a"}"#

  static let plainPages = [
    "[]",
    " [ ] ",
    "[\(octocat)]",
    "[\(octocat),\(enterprise),\(sparse)]",
    "\n[\n  \(enterprise) ,\r\n\t\(octocat)\n]\n",
  ]

  @Test(arguments: plainPages)
  func readsThePlainFormAsJSONDecoderDoes(page: String) throws {
    let body = Data(page.utf8)
    let scanned = try #require(FollowerPageScanner.followers(in: body))
    let decoded = try JSONDecoder().decode([Follower].self, from: body)
    #expect(scanned == decoded)
    #expect(scanned.map(\.nodeID) == decoded.map(\.nodeID))
    #expect(scanned.map(\.htmlURL) == decoded.map(\.htmlURL))
    #expect(scanned.map(\.url) == decoded.map(\.url))
    #expect(scanned.map(\.avatarURL) == decoded.map(\.avatarURL))
    #expect(scanned.map(\.gravatarID) == decoded.map(\.gravatarID))
    #expect(scanned.map(\.siteAdmin) == decoded.map(\.siteAdmin))
    #expect(scanned.map(\.userViewType) == decoded.map(\.userViewType))
  }

  static let otherForms = [
    "",  // empty body
    "{}",  // not an array
    "[",  // cut short
    "[\(sparse)",  // not closed
    "[\(sparse)] x",  // text after the array
    "[\(sparse),]",  // trailing comma
    "[{}]",  // no login or id
    #"[{"login":"a"}]"#,  // no id
    #"[{"id":1}]"#,  // no login
    #"[{"login":null,"id":1}]"#,  // a null login
    #"[{"login":"a","id":"1"}]"#,  // an id that is a string
    #"[{"login":"a","id":1.0}]"#,  // an id with a fraction
    #"[{"login":"a","id":1e3}]"#,  // an id with an exponent
    #"[{"login":"a","id":01}]"#,  // a leading zero
    #"[{"login":"a","id":99999999999999999999}]"#,  // an id too large
    #"[{"login":"a","id":1,"id":2}]"#,  // a key twice
    #"[{"login":"a","id":1,"score":1.5}]"#,  // a score
    #"[{"login":"a\"b","id":1}]"#,  // an escape
    "[{\"login\":\"caf\u{E9}\",\"id\":1}]",  // a byte outside ASCII
    "[{\"login\":\"a\u{7}b\",\"id\":1}]",  // a control character
    #"[{"login":"a","id":1,"type":7}]"#,  // a type that is a number
    #"[{"login":"a","id":1,"site_admin":"no"}]"#,  // site_admin that is a string
    #"[{"login":"a","id":1,"plan":{"name":"free"}}]"#,  // a nested object
    #"[{"login":"a","id":1,"html_url":"http://[::1"}]"#,  // a link that is not a URL
    #"[{"login":"a","id":1,"site_admin":tru}]"#,  // a misspelt literal
  ]

  @Test(arguments: otherForms)
  func givesEveryOtherFormBackToJSONDecoder(page: String) {
    #expect(FollowerPageScanner.followers(in: Data(page.utf8)) == nil)
  }

  @Test func aPageOfTheFakeServerIsReadByTheScanner() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("bigfan", followers: 250)
    let url = try #require(URL(string: "\(server.baseURL.absoluteString)/users/bigfan/followers?per_page=100&page=2"))
    let response = try await DefaultHTTPClient().send(.get(url: url))
    let scanned = try #require(FollowerPageScanner.followers(in: response.body))
    #expect(scanned == (try JSONDecoder().decode([Follower].self, from: response.body)))
    #expect(scanned.map(\.login) == (101...200).map { "bigfan-follower-\($0)" })
  }
}
