import ActionDispatch
import ActionDispatchTesting
import BrowseUI
import GitHubFollowers
import Testing

/// Scrolling is the screen's state: keys move the selection in the view model, and the view
/// state keeps it among the visible rows, for each list and for the search results.
@MainActor
@Suite(.serialExecutor) struct BrowseScrollTests {
  /// A browser over ``ThirtyFollowers`` with its first page loaded, and a view of `rows` rows.
  private func loaded(rows: Int) async -> (BrowseViewModel, BrowseViewState) {
    let browser = BrowseViewModel(
      username: "octocat", service: ThirtyFollowers(), clock: TestClock(), loadingIndicator: .immediate)
    await browser.start().value
    return (browser, BrowseViewState(visibleRows: rows))
  }

  private func press(_ keys: Key..., on browser: BrowseViewModel, view: inout BrowseViewState) {
    for key in keys { _ = BrowseKeyMap.apply(key, to: browser, view: &view) }
  }

  @Test func theSelectionStaysAmongTheVisibleRows() async {
    var (browser, view) = await loaded(rows: 5)

    for _ in 0..<7 { press(.character("j"), on: browser, view: &view) }
    #expect(browser.selectedIndex == 7)
    #expect(view.top(in: browser) == 3)
    press(.pageUp, on: browser, view: &view)
    #expect(browser.selectedIndex == 2)
    #expect(view.top(in: browser) == 2)
    press(.control("d"), on: browser, view: &view)
    #expect(browser.selectedIndex == 4)
    press(.character("g"), on: browser, view: &view)
    #expect(browser.selectedIndex == 0)
    #expect(view.top(in: browser) == 0)
    press(.character("k"), on: browser, view: &view)
    #expect(browser.selectedIndex == 0)
  }

  @Test func enterOpensTheSelectedUsersFollowersAndBackRestoresTheList() async {
    var (browser, view) = await loaded(rows: 5)
    for _ in 0..<6 { press(.character("j"), on: browser, view: &view) }

    press(.enter, on: browser, view: &view)
    #expect(browser.stack.map(\.username) == ["octocat", "user-6"])
    await browser.current.followers.fetchFollowers(for: "user-6").value
    #expect(browser.rows.isEmpty)
    let opened = browser.current.followers

    press(.character("h"), on: browser, view: &view)

    #expect(browser.stack.count == 1)
    #expect(browser.selectedIndex == 6)
    #expect(view.top(in: browser) == 2)
    #expect(!opened.isAnyLoading)
    press(.character("h"), on: browser, view: &view)
    #expect(browser.stack.count == 1)
  }

  @Test func escapeGivesTheFollowersBackWithTheirSelectionAndScroll() async {
    var (browser, view) = await loaded(rows: 5)
    for _ in 0..<7 { press(.character("j"), on: browser, view: &view) }

    press(.character("/"), on: browser, view: &view)
    browser.typeInSearch("a\u{1B}[2J")
    #expect(browser.query == "a[2J")
    press(.escape, on: browser, view: &view)

    #expect(browser.mode == .followers)
    #expect(browser.query.isEmpty)
    #expect(browser.selectedIndex == 7)
    #expect(view.top(in: browser) == 3)
    #expect(browser.selectedFollower?.login == "user-7")
  }
}
