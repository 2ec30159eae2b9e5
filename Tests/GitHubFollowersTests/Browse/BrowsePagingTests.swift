import ActionDispatch
import ActionDispatchTesting
import GitHubFollowers
import Testing

/// Pages of followers load as the selection nears the end, once each, and `G` loads them all.
@MainActor
@Suite(.serialExecutor) struct BrowsePagingTests {
  @Test func nearingTheEndLoadsTheNextPageOnceWhileItIsInFlight() async throws {
    let gate = Gate()
    let service = BrowseFixtures.service(followers: 120)
    let plain = service.followersPageStub
    let everyone = BrowseFixtures.followers(120)
    plain.handle { url in
      await gate.passIgnoringCancellation()
      return BrowseFixtures.page(2, of: everyone)
    }
    let browser = BrowseFixtures.browser(service: service, clock: TestClock())
    await browser.start().value

    for _ in 0..<15 { browser.moveDown() }
    #expect(service.followersPageStub.callCount == 0)
    for _ in 0..<10 { browser.moveDown() }
    await gate.arrivals(1)
    browser.moveDown()
    browser.moveToLast()
    browser.moveUp()
    gate.open()
    try await browser.current.followers.waitUntilIdle(.loadNextPage)

    #expect(service.followersPageStub.calls == [BrowseFixtures.pageURL(2)])
    #expect(browser.current.followers.followers.count == 60)
  }

  @Test func aFailedPageShowsItsErrorAndRRetriesTheSamePage() async throws {
    let service = BrowseFixtures.service(followers: 60)
    service.followersPageStub.fail(with: GitHubError.serverError(status: 503))
    let browser = BrowseFixtures.browser(service: service, clock: TestClock())
    await browser.start().value
    await browser.moveToLast().value
    #expect(browser.current.followers.errorMessage(for: .loadNextPage) != nil)
    #expect(browser.current.followers.followers.count == 30)

    let everyone = BrowseFixtures.followers(60)
    service.followersPageStub.handle { _ in BrowseFixtures.page(2, of: everyone) }
    browser.retry()
    try await browser.current.followers.waitUntilIdle(.loadNextPage)

    #expect(service.followersPageStub.calls == [BrowseFixtures.pageURL(2), BrowseFixtures.pageURL(2)])
    #expect(browser.current.followers.followers.count == 60)
    #expect(browser.current.followers.errorMessage(for: .loadNextPage) == nil)
  }

  @Test func capitalGLoadsEveryPageAndSelectsTheLastRow() async {
    let service = BrowseFixtures.service(followers: 100)
    let browser = BrowseFixtures.browser(service: service, clock: TestClock())
    await browser.start().value

    await browser.moveToLast().value

    #expect(browser.current.followers.followers.count == 100)
    #expect(browser.selectedIndex == 99)
    #expect(!browser.current.loadsToEnd)
    #expect(service.followersPageStub.calls == (2...4).map { BrowseFixtures.pageURL($0) })
  }

  @Test func anotherMoveStopsLoadingToTheEnd() async throws {
    let gate = Gate()
    let service = BrowseFixtures.service(followers: 120)
    let everyone = BrowseFixtures.followers(120)
    service.followersPageStub.handle { url in
      await gate.passIgnoringCancellation()
      return BrowseFixtures.page(Int(url.query?.split(separator: "=").last ?? "1") ?? 1, of: everyone)
    }
    let browser = BrowseFixtures.browser(service: service, clock: TestClock())
    await browser.start().value

    let loading = browser.moveToLast()
    await gate.arrivals(1)
    browser.moveUp()
    gate.open()
    await loading.value

    #expect(service.followersPageStub.callCount == 1)
    #expect(browser.current.followers.followers.count == 60)
  }
}
