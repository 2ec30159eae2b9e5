import Foundation
import GitHubAPI
import GitHubAPITestSupport
import Testing

@Suite struct ModelCodingTests {
  @Test func followerDecodesFromGitHubJSON() throws {
    let followers = try JSONDecoder().decode(
      [Follower].self, from: Data(GitHubJSON.followers(["octocat"], firstID: 583231).utf8))
    let follower = try #require(followers.first)
    #expect(follower.login == "octocat")
    #expect(follower.id == 583231)
    #expect(follower.nodeID == "MDQ6VXNlcj583231=")
    #expect(follower.avatarURL?.absoluteString == "https://avatars.githubusercontent.com/u/583231?v=4")
    #expect(follower.htmlURL?.absoluteString == "https://github.com/octocat")
    #expect(follower.type == "User")
    #expect(follower.siteAdmin == false)
    #expect(follower.userViewType == "public")
    #expect(follower.gravatarID == "")
    #expect(follower.score == nil)
    #expect(follower.id == follower.id as Follower.ID)
  }

  @Test func followerToleratesNullsAndMissingOptionalFields() throws {
    let json = #"""
      {"login":"ghost","id":10137,"node_id":null,"avatar_url":"https://avatars.githubusercontent.com/u/10137?v=4",
       "gravatar_id":null,"url":null,"html_url":"https://github.com/ghost","type":"User","site_admin":false}
      """#
    let follower = try JSONDecoder().decode(Follower.self, from: Data(json.utf8))
    #expect(follower.nodeID == nil)
    #expect(follower.gravatarID == nil)
    #expect(follower.url == nil)
    #expect(follower.userViewType == nil)
  }

  @Test func followerEncodesBackToGitHubFieldNames() throws {
    let follower = Follower(
      login: "octocat", id: 1, nodeID: "N", avatarURL: URL("https://a.test/1.png"), gravatarID: "",
      url: URL("https://api.github.com/users/octocat"), htmlURL: URL("https://github.com/octocat"),
      type: "User", siteAdmin: true, userViewType: "public")
    let data = try JSONEncoder().encode(follower)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(
      Set(object.keys) == [
        "login", "id", "node_id", "avatar_url", "gravatar_id", "url", "html_url", "type", "site_admin",
        "user_view_type",
      ])
    #expect(object["avatar_url"] as? String == "https://a.test/1.png")
    #expect(object["site_admin"] as? Bool == true)
    #expect(try JSONDecoder().decode(Follower.self, from: data) == follower)
  }

  @Test func profileDecodesGitHubJSONWithNulls() throws {
    let profile = try JSONDecoder().decode(UserProfile.self, from: Data(GitHubJSON.octocatProfile.utf8))
    #expect(profile.login == "octocat")
    #expect(profile.id == 583231)
    #expect(profile.name == "The Octocat")
    #expect(profile.company == "@github")
    #expect(profile.blog == "https://github.blog")
    #expect(profile.email == nil)
    #expect(profile.hireable == nil)
    #expect(profile.bio == nil)
    #expect(profile.twitterUsername == nil)
    #expect(profile.publicRepos == 8)
    #expect(profile.followers == 21546)
    #expect(profile.following == 9)
    #expect(profile.createdAt == Date(timeIntervalSince1970: 1_295_981_076))
    #expect(profile.updatedAt == Date(timeIntervalSince1970: 1_747_913_583))
  }

  @Test func profileDatesIgnoreTheDecodersStrategyAndAcceptFractions() throws {
    let json = GitHubJSON.octocatProfile
      .replacingOccurrences(of: "2011-01-25T18:44:36Z", with: "2011-01-25T18:44:36.250Z")
      .replacingOccurrences(of: #""updated_at": "2025-05-22T11:33:03Z""#, with: #""updated_at": null"#)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    let profile = try decoder.decode(UserProfile.self, from: Data(json.utf8))
    // Read, and dropped: a date is whole seconds, so it is written back exactly as read.
    #expect(profile.createdAt == Date(timeIntervalSince1970: 1_295_981_076))
    #expect(profile.updatedAt == nil)
  }

  @Test func profileWithoutUpdatedAtDecodes() throws {
    let json = GitHubJSON.octocatProfile.replacingOccurrences(of: #", "updated_at": "2025-05-22T11:33:03Z""#, with: "")
    #expect(try JSONDecoder().decode(UserProfile.self, from: Data(json.utf8)).updatedAt == nil)
  }

  @Test func profileRoundTripsThroughGitHubJSON() throws {
    let profile = try JSONDecoder().decode(UserProfile.self, from: Data(GitHubJSON.octocatProfile.utf8))
    let data = try JSONEncoder().encode(profile)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["created_at"] as? String == "2011-01-25T18:44:36Z")
    #expect(object["twitter_username"] is NSNull)
    #expect(object["public_repos"] as? Int == 8)
    #expect(try JSONDecoder().decode(UserProfile.self, from: data) == profile)
  }

  @Test func searchResultDecodes() throws {
    let json =
      #"{"total_count":2,"incomplete_results":true,"items":[\#(GitHubJSON.follower("a", id: 1).dropLast()),"score":1.0}]}"#
    let result = try JSONDecoder().decode(UserSearchResult.self, from: Data(json.utf8))
    #expect(result.totalCount == 2)
    #expect(result.incompleteResults)
    #expect(result.items.map(\.login) == ["a"])
    #expect(result.items.first?.score == 1.0)
  }

  @Test func searchThroughTheClientDecodes() async throws {
    let http = StubHTTPClient(always: .json(#"{"total_count":0,"incomplete_results":false,"items":[]}"#))
    let result = try await GitHubClient(httpClient: http).searchUsers("nobody")
    #expect(result == UserSearchResult(totalCount: 0, items: []))
  }
}
