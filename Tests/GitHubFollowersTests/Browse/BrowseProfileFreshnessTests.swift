import ActionDispatch
import ActionDispatchTesting
import FakeGitHubServer
import Foundation
import GitHubFollowers
import Testing

/// Browse's profiles against a fake GitHub server that counts requests, read through one
/// `QueryCache` on the browser's test clock: fresh for five minutes, then shown and revalidated
/// with a conditional request; a failure kept a minute; at most the cache's capacity held; one
/// profile shared by every list (a row, a list's owner, a search result).
@MainActor
@Suite(.serialExecutor) struct BrowseProfileFreshnessTests {
  /// `mona` with 5 followers, `mona-follower-1`…`-5`, each with a profile but `-3` (a 404).
  static func server() throws -> FakeGitHubServer {
    let server = try FakeGitHubServer()
    server.addUser("mona", followers: 5, name: "Mona")
    for number in [1, 2, 4, 5] {
      server.addUser("mona-follower-\(number)", followers: 0, name: "Follower \(number)")
    }
    return server
  }

  static func browser(
    _ server: FakeGitHubServer, clock: TestClock, now: TestTime, cache: QueryCache? = nil
  ) async throws -> BrowseViewModel {
    let client = GitHubClient(configuration: .init(baseURL: server.baseURL, maxRetries: 0, clock: ImmediateClock()))
    let browser = BrowseViewModel(
      username: "mona", service: client, clock: clock, profileDebounce: .milliseconds(100),
      loadingIndicator: .immediate, now: { now.date }, cache: cache)
    await browser.start().value
    try await browser.waitUntilIdle(.fetchOwner(login: "mona"))
    try await settle(browser, clock)
    return browser
  }

  /// Lets a debounced profile request (if the move made one) run to its end.
  static func settle(_ browser: BrowseViewModel, _ clock: TestClock) async throws {
    guard browser.users.isLoading(for: .loadProfile) else { return }
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    try await browser.users.waitUntilIdle(.loadProfile)
  }

  static func profileRequests(_ server: FakeGitHubServer, _ number: Int) -> [FakeRequest] {
    server.requests.filter { $0.path == "/users/mona-follower-\(number)" }
  }

  @Test func aProfileShownAgainWithinFiveMinutesSendsNothing() async throws {
    let server = try Self.server()
    let (clock, now) = (TestClock(), TestTime())
    let browser = try await Self.browser(server, clock: clock, now: now)

    for _ in 0..<2 {
      browser.moveDown()
      try await Self.settle(browser, clock)
      await clock.advance(by: .seconds(60))
      browser.moveUp()
      try await Self.settle(browser, clock)
    }

    #expect(browser.selectedProfile?.name == "Follower 1")
    #expect(Self.profileRequests(server, 1).count == 1)
    #expect(Self.profileRequests(server, 2).count == 1)
  }

  @Test func aStaleProfileIsShownAtOnceAndRevalidatedWithAConditionalRequest() async throws {
    let server = try Self.server()
    let (clock, now) = (TestClock(), TestTime())
    let browser = try await Self.browser(server, clock: clock, now: now)
    browser.moveDown()
    try await Self.settle(browser, clock)
    let used = server.rateLimitUsed(for: "core")

    await clock.advance(by: .seconds(301))
    #expect(browser.cache.status(of: .profile("mona-follower-1")) == .stale)
    browser.moveUp()
    #expect(browser.selectedProfile?.name == "Follower 1")
    #expect(browser.users.isLoading(for: .loadProfile))
    try await Self.settle(browser, clock)

    let requests = Self.profileRequests(server, 1)
    #expect(requests.count == 2)
    #expect(requests.last?.header("if-none-match") != nil)
    #expect(server.rateLimitUsed(for: "core") == used)
    #expect(browser.selectedProfile?.name == "Follower 1")
  }

  @Test func aFailedProfileIsAskedForAgainOnlyAfterAMinuteOrOnR() async throws {
    let server = try Self.server()
    let (clock, now) = (TestClock(), TestTime())
    let browser = try await Self.browser(server, clock: clock, now: now)
    browser.moveDown(by: 2)
    try await Self.settle(browser, clock)
    #expect(browser.selectedProfileError?.contains("no user") == true)

    for _ in 0..<3 {
      browser.moveDown()
      try await Self.settle(browser, clock)
      browser.moveUp()
      try await Self.settle(browser, clock)
      #expect(browser.selectedProfileError?.contains("no user") == true)
    }
    #expect(Self.profileRequests(server, 3).count == 1)

    await clock.advance(by: .seconds(61))
    browser.moveDown()
    try await Self.settle(browser, clock)
    browser.moveUp()
    try await Self.settle(browser, clock)
    #expect(Self.profileRequests(server, 3).count == 2)

    browser.retry()
    try await Self.settle(browser, clock)
    #expect(Self.profileRequests(server, 3).count == 3)
  }

  @Test func theProfilesHeldAreBoundedAndTheOneWatchedLeastRecentlyGoesFirst() async throws {
    let server = try Self.server()
    let (clock, now) = (TestClock(), TestTime())
    let browser = try await Self.browser(server, clock: clock, now: now, cache: QueryCache(clock: clock, capacity: 3))
    // Held: mona (the list's owner, watched while the list is open) and follower 1. Showing 2
    // drops nothing; showing 4 drops follower 1, the row left least recently.
    browser.moveDown()
    try await Self.settle(browser, clock)
    browser.moveDown(by: 2)
    try await Self.settle(browser, clock)

    #expect(browser.cache.count == 3)
    #expect(browser.profile(of: "mona-follower-1") == nil)
    #expect(browser.profile(of: "mona") != nil)
    #expect(browser.profile(of: "mona-follower-2") != nil)
    browser.moveUp(by: 3)
    try await Self.settle(browser, clock)
    #expect(Self.profileRequests(server, 1).count == 2)
    #expect(Self.profileRequests(server, 2).count == 1)
    #expect(browser.cache.count == 3)
  }

  @Test func aRowsProfileOpensItsListWithNoRequestForTheOwnerAndAgainWithinFiveMinutes() async throws {
    let server = try FakeGitHubServer()
    server.addUser("mona", followers: 2, name: "Mona")
    server.addUser("mona-follower-1", followers: 3, name: "Follower 1")
    let client = GitHubClient(configuration: .init(baseURL: server.baseURL, maxRetries: 0, clock: ImmediateClock()))
    let clock = TestClock()
    let browser = BrowseViewModel(
      username: "mona", service: client, clock: clock, profileDebounce: .milliseconds(100),
      loadingIndicator: .immediate)
    let recorder = EventRecorder(browser)
    await browser.start().value
    try await browser.waitUntilIdle(.fetchOwner(login: "mona"))
    try await Self.settle(browser, clock)

    for _ in 0..<2 {
      browser.openSelected()
      try await browser.current.followers.waitUntilIdle(.fetchFollowers)
      try await browser.waitUntilIdle(.fetchOwner(login: "mona-follower-1"))
      // The nested list's first row has no profile (a 404, kept a minute).
      try await Self.settle(browser, clock)
      #expect(browser.profile(of: "mona-follower-1")?.name == "Follower 1")
      browser.goBack()
      try await Self.settle(browser, clock)
      await clock.advance(by: .seconds(60))
    }

    #expect(Self.profileRequests(server, 1).count == 1)
    #expect(recorder.events.filter { $0 == .fresh(.fetchOwner(login: "mona-follower-1")) }.count == 2)
  }

  @Test func aProfileShownAsARowIsShownAsASearchResultWithNoRequest() async throws {
    let server = try Self.server()
    let (clock, now) = (TestClock(), TestTime())
    let browser = try await Self.browser(server, clock: clock, now: now)
    #expect(browser.selectedProfile?.name == "Follower 1")

    browser.beginSearch()
    browser.typeInSearch("mona-follower-1")
    await clock.advance(by: .milliseconds(250))
    try await browser.users.waitUntilIdle(.searchUsers)

    #expect(browser.selectedFollower?.login == "mona-follower-1")
    #expect(browser.selectedProfile?.name == "Follower 1")
    #expect(!browser.users.isLoading(for: .loadProfile))
    #expect(Self.profileRequests(server, 1).count == 1)
  }

  @Test func capitalRAsksAgainForThePageTheOwnerAndTheProfileConditionallyForFree() async throws {
    let server = try Self.server()
    let (clock, now) = (TestClock(), TestTime())
    let browser = try await Self.browser(server, clock: clock, now: now)
    let used = server.rateLimitUsed(for: "core")
    let before = server.requests.count

    browser.refresh()
    try await browser.current.followers.waitUntilIdle(.fetchFollowers)
    try await browser.waitUntilIdle(.fetchOwner(login: "mona"))
    try await Self.settle(browser, clock)

    let sent = server.requests.dropFirst(before)
    #expect(sent.map(\.path).sorted() == ["/users/mona", "/users/mona-follower-1", "/users/mona/followers"])
    #expect(sent.allSatisfy { $0.header("if-none-match") != nil })
    #expect(server.rateLimitUsed(for: "core") == used)
    #expect(browser.rows.count == 5)
    #expect(browser.selectedProfile?.name == "Follower 1")
  }
}

/// A settable "now" for a browser's `now:`, moved by hand beside a `TestClock`.
final class TestTime: Sendable {
  private let box: LockedState<Date>

  init(_ start: Date = Date(timeIntervalSince1970: 1_764_000_000)) {
    box = LockedState(start)
  }

  var date: Date { box.withLock { $0 } }

  func advance(by seconds: TimeInterval) {
    box.withLock { $0 = $0.addingTimeInterval(seconds) }
  }
}
