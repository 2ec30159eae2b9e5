import Foundation
import GitHubAPI
import Testing

/// A follower keeps what GitHub derives from its login and id as a tag, not a copy: what it
/// reads, writes, encodes and compares is the same as before.
@Suite struct CompactFollowerTests {
  static let gitHub = #"""
    {"login":"octocat","id":583231,"node_id":"MDQ6VXNlcjU4MzIzMQ==",\#
    "avatar_url":"https://avatars.githubusercontent.com/u/583231?v=4","gravatar_id":"",\#
    "url":"https://api.github.com/users/octocat","html_url":"https://github.com/octocat",\#
    "type":"User","user_view_type":"public","site_admin":false}
    """#

  static let enterprise = #"""
    {"login":"mona","id":7,"node_id":"U_kgDOAAAABw","avatar_url":"https://ghe.test/avatars/u/7?s=40",\#
    "gravatar_id":"","url":"https://ghe.test/api/v3/users/mona","html_url":"https://ghe.test/mona",\#
    "type":"Organization","user_view_type":"public","site_admin":true,"score":1.5}
    """#

  /// Every field, as `JSONSerialization` reads it.
  static func fields(_ data: Data) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
  }

  @Test(arguments: [gitHub, enterprise])
  func encodingGivesBackExactlyWhatWasDecoded(json: String) throws {
    let follower = try JSONDecoder().decode(Follower.self, from: Data(json.utf8))
    let encoded = try JSONEncoder().encode(follower)
    #expect(try Self.fields(encoded) == Self.fields(Data(json.utf8)))
  }

  @Test func derivedFieldsReadAsGitHubSentThem() throws {
    let follower = try JSONDecoder().decode(Follower.self, from: Data(Self.gitHub.utf8))
    #expect(follower.nodeID == "MDQ6VXNlcjU4MzIzMQ==")
    #expect(follower.avatarURL == URL(string: "https://avatars.githubusercontent.com/u/583231?v=4"))
    #expect(follower.url == URL(string: "https://api.github.com/users/octocat"))
    #expect(follower.htmlURL == URL(string: "https://github.com/octocat"))
  }

  @Test func renamingKeepsTheURLsItWasGiven() throws {
    var follower = try JSONDecoder().decode(Follower.self, from: Data(Self.gitHub.utf8))
    follower.login = "hubot"
    follower.id = 1
    #expect(follower.htmlURL == URL(string: "https://github.com/octocat"))
    #expect(follower.url == URL(string: "https://api.github.com/users/octocat"))
    #expect(follower.avatarURL == URL(string: "https://avatars.githubusercontent.com/u/583231?v=4"))
    #expect(follower.nodeID == "MDQ6VXNlcjU4MzIzMQ==")
  }

  @Test func settingAURLStoresIt() throws {
    var follower = try JSONDecoder().decode(Follower.self, from: Data(Self.gitHub.utf8))
    follower.htmlURL = URL(string: "https://example.test/octocat")
    follower.avatarURL = nil
    #expect(follower.htmlURL == URL(string: "https://example.test/octocat"))
    #expect(follower.avatarURL == nil)
    #expect(follower.url == URL(string: "https://api.github.com/users/octocat"))
  }

  @Test func valuesAreEqualHoweverTheirURLsAreKept() throws {
    let decoded = try JSONDecoder().decode(Follower.self, from: Data(Self.gitHub.utf8))
    var renamed = decoded
    renamed.login = "hubot"  // the URLs become text
    renamed.login = "octocat"
    #expect(renamed == decoded)
    #expect(renamed.hashValue == decoded.hashValue)
    var other = decoded
    other.htmlURL = URL(string: "https://github.com/hubot")
    #expect(other != decoded)
  }

  @Test func aURLFieldThatIsNotAURLIsAnError() {
    let json = #"{"login":"a","id":1,"html_url":"http://[::1"}"#
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Follower.self, from: Data(json.utf8)) }
  }
}
