import ActionDispatch
import ActionDispatchTesting
import BrowseUI
import CommandLineKit
import GitHubFollowers
import Testing

/// `c`: the cache pane, as TanStack Query's devtools show a cache — each key with its status,
/// watchers, age and time to be forgotten, from `QueryCache.snapshot()`, counting on as the
/// clock moves, and never the server's text raw.
@MainActor
@Suite struct CachePaneTests {
  private static let size = TerminalSize(columns: 100, rows: 30)

  /// The pane's lines, unstyled and trimmed.
  private static func pane(_ frame: BrowseFrame) -> [String] {
    frame.lines.dropFirst(1).dropLast(2).map { line in
      let unstyled = Line.withoutStyles(line)
      guard let bar = unstyled.firstIndex(of: "│") else { return "" }
      var pane = String(unstyled[unstyled.index(after: bar)...])
      while pane.hasSuffix(" ") { pane.removeLast() }
      return pane
    }
  }

  /// The pane line of the key `description`, if shown.
  private static func line(of description: String, in frame: BrowseFrame) -> String? {
    pane(frame).first { $0.hasSuffix(" " + description) }
  }

  private static func press(_ character: Character, _ browser: BrowseViewModel) {
    var view = BrowseViewState(visibleRows: 26)
    _ = BrowseKeyMap.apply(.character(character), to: browser, view: &view)
  }

  @Test func cShowsEachKeyWithItsStatusWatchersAgeAndTimeToBeForgottenAndCTogglesBack() async throws {
    let clock = TestClock()
    let browser = try await BrowserState.loaded(clock: clock)

    Self.press("c", browser)
    let frame = BrowseRenderer.render(browser, size: Self.size)

    #expect(browser.pane == .cache)
    let pane = Self.pane(frame)
    #expect(pane[0] == " CACHE")
    #expect(pane[1] == " 2 keys · 2 watched · unwatched kept 1h00m")
    #expect(pane[2] == " STATUS   W  AGE    GONE IN KEY")
    #expect(Self.line(of: "users/octocat/profile", in: frame) == " fresh    1  0s     —       users/octocat/profile")
    #expect(
      Self.line(of: "users/amber-otter/profile", in: frame) == " fresh    1  0s     —       users/amber-otter/profile")
    #expect(frame.animates)

    Self.press("c", browser)
    #expect(browser.pane == .profile)
    #expect(Self.pane(BrowseRenderer.render(browser, size: Self.size))[0] == " PROFILE")
  }

  @Test func agesCountOnAKeyGoesStaleAndOneNoLongerShownCountsDownToBeingForgotten() async throws {
    let clock = TestClock()
    let browser = try await BrowserState.loaded(clock: clock)
    browser.toggleCache()

    // Row 4's login (escape sequences) is not a possible GitHub login: its request fails before
    // it is sent, and the failure is kept on its key; amber-otter's key is no longer watched.
    browser.moveDown(by: 3)
    await clock.advance(by: .milliseconds(100))
    try await browser.users.waitUntilIdle(.loadProfile)
    await clock.advance(by: .seconds(301))
    let frame = BrowseRenderer.render(browser, size: Self.size)

    #expect(Self.line(of: "users/octocat/profile", in: frame) == " stale    1  5m01s  —       users/octocat/profile")
    #expect(
      Self.line(of: "users/amber-otter/profile", in: frame) == " stale    0  5m01s  54m58s  users/amber-otter/profile")
    #expect(Self.pane(frame)[1] == " 3 keys · 2 watched · unwatched kept 1h00m")
    // The hostile login's key: failed, watched, no value; its text sanitized like every other.
    let failed = try #require(Self.pane(frame).first { $0.hasPrefix(" failed") })
    #expect(failed.hasPrefix(" failed   1  —      —       users/evil"))
    for line in frame.lines {
      #expect(!Line.withoutStyles(line).unicodeScalars.contains { TerminalText.needsEscaping($0) })
    }
  }

  @Test func aCacheLargerThanThePaneShowsTheLatestKeysAndHowManyMore() async throws {
    let clock = TestClock()
    let cache = QueryCache(clock: clock)
    let browser = BrowseViewModel(
      username: "octocat", service: FixedService(), clock: clock, loadingIndicator: .immediate, cache: cache)
    for number in 1...40 {
      cache.setValue(
        UserProfile(login: "user-\(number)", id: number, avatarURL: nil, htmlURL: nil, followers: 0, createdAt: nil),
        for: .profile("user-\(number)"))
      await clock.advance(by: .seconds(1))
    }
    browser.toggleCache()

    let pane = Self.pane(BrowseRenderer.render(browser, size: Self.size))

    #expect(pane[1] == " 40 keys · 0 watched · unwatched kept 5m00s")
    #expect(pane[3].hasSuffix(" users/user-40/profile"))
    // Set with no stale time given: stale at once (the key's default), shown until forgotten.
    #expect(pane[3].hasPrefix(" stale    0  1s     4m59s"))
    #expect(pane.last == " … 17 more")
    #expect(pane.count == 27)
  }

  @Test func questionMarkListsEveryKeyTheCacheKeyAmongThem() async throws {
    let browser = try await BrowserState.loaded()

    Self.press("?", browser)
    let pane = Self.pane(BrowseRenderer.render(browser, size: Self.size))

    #expect(browser.pane == .keys)
    #expect(pane[0] == " KEYS")
    #expect(pane.contains(" c            the cache, key by key"))
    #expect(pane.contains(" e            the events of every action"))
    Self.press("?", browser)
    #expect(browser.pane == .profile)
  }
}
