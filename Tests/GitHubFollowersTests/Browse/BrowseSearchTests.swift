import ActionDispatch
import ActionDispatchTesting
import GitHubFollowers
import Testing

/// Search as you type: debounced, never an older query's results, and `Esc` gives the list back.
@MainActor
@Suite(.serialExecutor) struct BrowseSearchTests {
  @Test func typingSendsOneSearchForWhatWasTypedLast() async throws {
    let clock = TestClock()
    let service = BrowseFixtures.service(followers: 30)
    let browser = BrowseFixtures.browser(service: service, clock: clock)
    await browser.start().value

    browser.beginSearch()
    for character in "lynx" { browser.typeInSearch(String(character)) }
    #expect(browser.rows.isEmpty)
    #expect(browser.isSearching)
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    try await browser.users.waitUntilIdle(.searchUsers)

    #expect(service.searchUsersStub.calls == ["lynx"])
    #expect(browser.rows == DemoFixtures.search("lynx").items)
  }

  @Test func theListNeverShowsTheResultsOfAnOlderQuery() async throws {
    let clock = TestClock()
    let gate = Gate()
    let service = BrowseFixtures.service(followers: 30)
    service.searchUsersStub.handle { query in
      if query == "otter" { await gate.passIgnoringCancellation() }
      return DemoFixtures.search(query)
    }
    let browser = BrowseFixtures.browser(service: service, clock: clock)
    await browser.start().value
    browser.beginSearch()
    browser.typeInSearch("otter")
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    await gate.arrivals(1)

    for _ in 0..<5 { browser.deleteSearchCharacter() }
    browser.typeInSearch("lynx")
    #expect(browser.rows.isEmpty)
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    gate.open()
    try await browser.users.waitUntilIdle(.searchUsers)

    #expect(browser.searchResultsQuery == "lynx")
    #expect(browser.rows == DemoFixtures.search("lynx").items)
  }

  @Test func enterKeepsTheResultsAndTheKeysMoveThroughThem() async throws {
    let clock = TestClock()
    let browser = BrowseFixtures.browser(service: BrowseFixtures.service(followers: 30), clock: clock)
    await browser.start().value
    browser.beginSearch()
    browser.typeInSearch("otter")
    browser.openSelected()
    #expect(browser.mode == .searchResults)
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    try await browser.users.waitUntilIdle(.searchUsers)

    browser.moveDown()

    #expect(browser.selectedFollower == DemoFixtures.search("otter").items[1])
    browser.goBack()
    #expect(browser.mode == .followers)
    #expect(browser.selectedFollower?.login == "user-0")
  }
}
