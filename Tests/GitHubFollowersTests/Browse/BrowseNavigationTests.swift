import ActionDispatch
import ActionDispatchTesting
import GitHubFollowers
import Testing

/// `Enter` opens a follower's own followers; `Backspace` or `h` goes back to the list as it was.
@MainActor
@Suite(.serialExecutor) struct BrowseNavigationTests {
  @Test func enterOpensTheSelectedUsersFollowersAndBackRestoresTheList() async {
    let service = BrowseFixtures.service(followers: 30)
    let browser = BrowseFixtures.browser(service: service, clock: TestClock(), rows: 5)
    await browser.start().value
    for _ in 0..<6 { browser.moveDown() }

    browser.openSelected()
    #expect(browser.stack.map(\.username) == ["octocat", "user-6"])
    await browser.current.followers.fetchFollowers(for: "user-6").value
    #expect(browser.rows.isEmpty)
    let opened = browser.current.followers

    browser.goBack()

    #expect(browser.stack.count == 1)
    #expect(browser.selectedIndex == 6)
    #expect(browser.topIndex == 2)
    #expect(!opened.isAnyLoading)
    browser.goBack()
    #expect(browser.stack.count == 1)
  }

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
