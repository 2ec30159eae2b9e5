import Foundation
import GitHubAPI
import GitHubAPITestSupport
import GitHubDemo
import Testing

/// What `action-dispatch --demo` talks to: the demo fixtures, offline, behind the same checks
/// as the real client.
@Suite struct DemoFollowersServiceTests {
  @Test func invalidUsernameIsRejectedLikeTheRealClient() async {
    let demo = DemoFollowersService()
    let text = "../x"
    await #expect(throws: GitHubError.self) { try await demo.followers(of: GitHubUsername(text), page: 1, perPage: 30) }
    await #expect(throws: GitHubError.self) { try await demo.profile(of: GitHubUsername(text)) }
  }

  @Test func aCancelledCallAnswersNothing() async {
    let call = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await DemoFollowersService().profile(of: "octocat")
    }
    await #expect(throws: CancellationError.self) { try await call.value }
  }

  @Test func demoServesOctocatsFortyFiveFollowersOverPages() async throws {
    let demo = DemoFollowersService()
    let first = try await demo.followers(of: "octocat", page: 1, perPage: 20)
    #expect(first.followers.count == 20)
    #expect(first.lastPage == 3)
    #expect(first.next?.absoluteString == "https://demo.invalid/users/octocat/followers?per_page=20&page=2")
    #expect(first.last?.absoluteString == "https://demo.invalid/users/octocat/followers?per_page=20&page=3")
    let second = try await demo.followersPage(at: try #require(first.next))
    let third = try await demo.followersPage(at: try #require(second.next))
    #expect(third.followers.count == 5)
    #expect(third.next == nil)
    #expect(third.lastPage == 3)
    #expect(Set((first.followers + second.followers + third.followers).map(\.id)).count == 45)
  }

  @Test func demoKnowsProfilesAndSearchAndRejectsStrangers() async throws {
    let demo = DemoFollowersService()
    #expect(try await demo.profile(of: "octocat").followers == 45)
    #expect(try await demo.profile(of: "amber-otter").name == "Amber Otter")
    await #expect(throws: DemoUserNotFoundError(login: "nobody-here")) { try await demo.profile(of: "nobody-here") }
    await #expect(throws: DemoUserNotFoundError(login: "nobody-here")) {
      try await demo.followers(of: "nobody-here", page: 1, perPage: 30)
    }
    await #expect(throws: GitHubError.notFound("/elsewhere")) {
      try await demo.followersPage(at: URL("https://demo.invalid/elsewhere"))
    }
    let search = try await demo.searchUsers("otter type:user")
    #expect(
      search.items.map(\.login) == [
        "calm-otter", "amber-otter", "brave-otter", "eager-otter", "fancy-otter", "happy-otter", "clever-otter",
        "daring-otter", "gentle-otter",
      ])
    #expect(search.totalCount == 9)
    #expect(try await demo.searchUsers("otter type:org").items.isEmpty)
  }

  @Test func lynxesAndPandasHaveFollowersOfTheirOwnAsTheirProfilesSay() async throws {
    let demo = DemoFollowersService()
    let lynx = try await demo.followers(of: "amber-lynx", page: 1, perPage: 30)
    #expect(lynx.followers.map(\.login).prefix(3) == ["amber-panda", "amber-koala", "brave-otter"])
    #expect(lynx.followers.count == 12 && lynx.next == nil)
    #expect(try await demo.profile(of: "amber-lynx").followers == 12)
    let panda = try await demo.followers(of: "calm-panda", page: 1, perPage: 30)
    #expect(panda.followers.count == 30 && panda.lastPage == 2)
    #expect(!panda.followers.contains { $0.login == "calm-panda" })
    #expect(try await demo.profile(of: "calm-panda").followers == 40)
  }

  @Test func demoFollowersHaveNoFollowers() async throws {
    let page = try await DemoFollowersService().followers(of: "brave-heron", page: 1, perPage: 30)
    #expect(page.followers.isEmpty)
    #expect(page.lastPage == 1)
  }
}
