import ActionDispatch
import ActionDispatchTesting
import FakeGitHubServer
import Foundation
import GitHubFollowers
import Testing

/// `G` at 100 a page, and `R`, which asks again for what is on screen while showing it.
@MainActor
@Suite(.serialExecutor) struct BrowseRefreshTests {
  @Test func capitalGLoadsThePagesLeftAtOneHundredAPage() async throws {
    let server = try FakeGitHubServer()
    server.addUser("mona", followers: 1_000, name: "Mona")
    let client = GitHubClient(configuration: .init(baseURL: server.baseURL, maxRetries: 0, clock: ImmediateClock()))
    let browser = BrowseViewModel(
      username: "mona", service: client, clock: TestClock(), loadingIndicator: .immediate)
    await browser.start().value

    await browser.moveToLast().value

    let pages = server.requests.filter { $0.path == "/users/mona/followers" }
    // The first page of 30, then pages 1 to 10 of 100 (page 1 holds row 31): 11, not 34.
    #expect(pages.count == 11)
    #expect(pages.dropFirst().map { $0.queryItems["per_page"] } == Array(repeating: "100", count: 10))
    #expect(pages.dropFirst().map { $0.queryItems["page"] } == (1...10).map { String($0) })
    let list = browser.current.followers
    #expect(list.followers.count == 1_000)
    #expect(list.repeatedFollowers == 0)
    #expect(browser.selectedFollower?.login == "mona-follower-1000")
  }

  @Test func capitalGGoesOnFromThePageOfOneHundredThatHoldsTheNextRow() async throws {
    let service = BrowseFixtures.service(followers: 300)
    let everyone = BrowseFixtures.followers(300)
    service.followersStub.handle { call in
      let start = min((call.page - 1) * call.perPage, everyone.count)
      let slice = Array(everyone[start..<min(start + call.perPage, everyone.count)])
      // Pages of 30 link on as the fixture's do; the page of 100 is the last this test wants.
      return FollowersPage(
        followers: slice, next: call.perPage == 30 ? BrowseFixtures.pageURL(2) : nil, page: call.page)
    }
    let browser = BrowseFixtures.browser(service: service, clock: TestClock())
    await browser.start().value
    await browser.current.followers.loadNextPage().value
    await browser.current.followers.loadNextPage().value
    await browser.current.followers.loadNextPage().value
    #expect(browser.current.followers.followers.count == 120)

    browser.current.followers.stopLoadingRemainingPages()
    _ = browser.current.followers.loadRemainingPages(perPage: 100)
    try await browser.current.followers.waitUntilIdle(.loadNextPage)

    #expect(service.followersStub.calls.last?.page == 2)
    #expect(service.followersStub.calls.last?.perPage == 100)
    #expect(browser.current.followers.followers.count == 200)
    #expect(browser.current.followers.repeatedFollowers == 0)
  }

  @Test func capitalRKeepsTheRowsAndProfileShownWhileItAsksAgain() async throws {
    let clock = TestClock()
    let service = BrowseFixtures.service(followers: 60)
    let browser = BrowseFixtures.browser(service: service, clock: clock)
    await browser.start().value
    try await BrowseProfileFreshnessTests.settle(browser, clock)
    let gate = Gate()
    let everyone = BrowseFixtures.followers(60)
    service.followersStub.handle { call in
      await gate.passIgnoringCancellation()
      return BrowseFixtures.page(call.page, of: everyone)
    }

    browser.refresh()
    await gate.arrivals(1)
    #expect(browser.rows.count == 30)
    #expect(browser.selectedProfile?.login == "user-0")
    gate.open()
    try await browser.current.followers.waitUntilIdle(.fetchFollowers)
    try await BrowseProfileFreshnessTests.settle(browser, clock)

    #expect(browser.rows.count == 30)
    #expect(service.profileStub.calls == ["octocat", "user-0", "octocat", "user-0"])
    #expect(service.followersStub.calls.count == 2)
  }
}
