import ActionDispatch
import ActionDispatchTesting
import GitHubFollowers
import Testing

/// `Enter` opens a follower's own followers; `Backspace` or `h` goes back to the list as it was.
@MainActor
@Suite(.serialExecutor) struct BrowseNavigationTests {
  @Test func eventsOfEveryListGoToTheEventsPaneAndTheLatestFailureToTheNotice() async throws {
    let service = BrowseFixtures.service(followers: 30)
    service.followersStub.fail(with: GitHubError.notFound("user-1"))
    let browser = BrowseFixtures.browser(service: service, clock: TestClock())
    await browser.start().value

    #expect(browser.events.map(\.action).contains("fetchFollowers"))
    #expect(browser.events.contains { $0.action == "fetchFollowers" && $0.kind == .failed })
    #expect(browser.notice?.hasPrefix("fetchFollowers failed:") == true)
    #expect(browser.current.followers.errorMessage(for: .fetchFollowers) != nil)

    service.followersStub.handle { call in BrowseFixtures.page(call.page, of: BrowseFixtures.followers(30)) }
    browser.retry()
    try await browser.current.followers.waitUntilIdle(.fetchFollowers)

    #expect(browser.rows.count == 30)
    #expect(browser.notice == nil)
  }

  @Test func inTheDemoEnterOnALynxShowsItsTwelveFollowers() async throws {
    let browser = BrowseViewModel(
      username: "octocat", service: DemoFollowersService(), clock: TestClock(), loadingIndicator: .immediate)
    await browser.start().value
    browser.moveDown(by: 2)
    #expect(browser.selectedFollower?.login == "amber-lynx")

    browser.openSelected()
    try await browser.current.followers.waitUntilIdle(.fetchFollowers)
    try await browser.waitUntilIdle(.fetchOwner(login: "amber-lynx"))

    #expect(browser.stack.count == 2)
    #expect(browser.rows.count == 12)
    #expect(browser.profile(of: "amber-lynx")?.followers == 12)
  }
}
