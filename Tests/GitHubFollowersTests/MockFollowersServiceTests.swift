import ActionDispatchTesting
import Foundation
import GitHubFollowers
import Testing

@Suite struct MockFollowersServiceTests {
  @Test func recordsCallsAndReturnsTheConfiguredResults() async throws {
    let mock = MockFollowersService()
    let page = FollowersPage(followers: DemoFixtures.followers.prefix(2).map { $0 }, page: 1, lastPage: 1)
    mock.followersResult = .success(page)
    #expect(try await mock.followers(of: "octocat", page: 1, perPage: 30) == page)
    mock.profileResult = .failure(GitHubError.notFound("octocat"))
    await #expect(throws: GitHubError.notFound("octocat")) { try await mock.profile(of: "octocat") }
    _ = try await mock.searchUsers("oct")
    #expect(
      mock.calls == [
        .followers(username: "octocat", page: 1, perPage: 30), .profile("octocat"), .searchUsers("oct"),
      ])
    mock.resetCalls()
    #expect(mock.callCount == 0)
  }

  @Test func handlerWinsOverTheResult() async throws {
    let mock = MockFollowersService()
    mock.followersResult = .failure(GitHubError.timeout)
    mock.followersHandler = { _, page, _ in FollowersPage(followers: [], page: page) }
    #expect(try await mock.followers(of: "octocat", page: 7, perPage: 30).page == 7)
  }

  @Test func invalidUsernameIsRejectedLikeTheRealClient() async {
    let mock = MockFollowersService()
    await #expect(throws: GitHubError.self) { try await mock.followers(of: "../x", page: 1, perPage: 30) }
    #expect(mock.calls == [.followers(username: "../x", page: 1, perPage: 30)])
    mock.validatesUsernames = false
    _ = try? await mock.followers(of: "../x", page: 1, perPage: 30)
  }

  @Test func delayRunsOnTheInjectedClockAndCancels() async throws {
    let clock = TestClock()
    let mock = MockFollowersService(delay: .seconds(1), clock: clock)
    let slow = Task { try await mock.profile(of: "octocat") }
    await clock.waitForSleepers(1)
    slow.cancel()
    await #expect(throws: CancellationError.self) { try await slow.value }

    let answered = Task { try await mock.searchUsers("x") }
    await mock.waitForCalls(2)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(try await answered.value.totalCount == 0)
  }

  @Test func demoServesOctocatsFortyFiveFollowersOverPages() async throws {
    let demo = MockFollowersService.demo()
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
    let demo = MockFollowersService.demo()
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

  @Test func demoFollowersHaveNoFollowers() async throws {
    let page = try await MockFollowersService.demo().followers(of: "brave-heron", page: 1, perPage: 30)
    #expect(page.followers.isEmpty)
    #expect(page.lastPage == 1)
  }
}
