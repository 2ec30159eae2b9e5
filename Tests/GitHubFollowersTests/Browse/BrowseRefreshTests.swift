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
    // Pages 1 to 10 of 100, page 1 from the first request on: 10, not 11 (or 34 at 30 a page).
    #expect(pages.map { $0.queryItems["per_page"] } == Array(repeating: "100", count: 10))
    #expect(pages.map { $0.queryItems["page"] } == (1...10).map { String($0) })
    let list = browser.current.followers
    #expect(list.followers.count == 1_000)
    #expect(list.repeatedFollowers == 0)
    #expect(browser.selectedFollower?.login == "mona-follower-1000")
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
