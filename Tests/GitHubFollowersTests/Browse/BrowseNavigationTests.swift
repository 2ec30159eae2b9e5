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
}
