import ActionDispatch
import ActionDispatchTesting
import GitHubFollowers
import Testing

/// Moving the selection: scrolling, the profile pane, and how few requests a held key sends.
@MainActor
@Suite(.serialExecutor) struct BrowseMovingTests {
  @Test func holdingJThroughFiftyRowsSendsOneProfileRequestForTheRowItStopsOn() async throws {
    let clock = TestClock()
    let service = BrowseFixtures.service(followers: 120)
    let browser = BrowseFixtures.browser(service: service, clock: clock)
    await browser.start().value

    for _ in 0..<50 {
      browser.moveDown()
      // Pages arrive between key repeats, as from a fast server.
      try await browser.current.followers.waitUntilIdle(.loadNextPage)
      // The pane never shows a profile other than the selected row's.
      #expect(browser.selectedProfile == nil || browser.selectedProfile?.login == browser.selectedFollower?.login)
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    try await browser.users.waitUntilIdle(.loadProfile)

    #expect(browser.selectedIndex == 50)
    #expect(service.profileStub.calls.filter { $0 != "octocat" } == ["user-50"])
    #expect(browser.selectedProfile?.login == "user-50")
  }

  @Test func aLoadedProfileShowsAgainWithoutARequest() async throws {
    let clock = TestClock()
    let service = BrowseFixtures.service(followers: 30)
    let browser = BrowseFixtures.browser(service: service, clock: clock)
    await browser.start().value
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    try await browser.users.waitUntilIdle(.loadProfile)
    browser.moveDown()
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    try await browser.users.waitUntilIdle(.loadProfile)

    browser.moveUp()

    #expect(browser.selectedProfile?.login == "user-0")
    #expect(!browser.users.isLoading(for: .loadProfile))
    #expect(service.profileStub.calls.filter { $0 != "octocat" } == ["user-0", "user-1"])
  }

  @Test func aFailedProfileShowsItsErrorOnlyOnItsRowAndRRetriesIt() async throws {
    let clock = TestClock()
    let service = BrowseFixtures.service(followers: 30)
    service.profileStub.fail(with: GitHubError.serverError(status: 502))
    let browser = BrowseFixtures.browser(service: service, clock: clock)
    await browser.start().value
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    try await browser.users.waitUntilIdle(.loadProfile)
    #expect(browser.selectedProfileError != nil)

    service.profileStub.handle { UserProfile(login: $0.rawValue, id: 1, avatarURL: nil, htmlURL: nil, createdAt: nil) }
    browser.retry()
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    try await browser.users.waitUntilIdle(.loadProfile)

    #expect(browser.selectedProfileError == nil)
    #expect(browser.selectedProfile?.login == "user-0")
  }
}
