import ActionDispatch
import ActionDispatchTesting
import FakeGitHubServer
import Foundation
import GitHubFollowers
import Testing

/// Browse and GitHub's rate limit, against a fake server that counts requests: the status line
/// says what is left; once it is used up nothing is sent until the reset, and then the selected
/// row's profile comes without a key press.
@MainActor
@Suite(.serialExecutor) struct BrowseRateLimitTests {
  @Test func theStatusLineShowsTheRequestsLeftAndWhenTheyReset() async throws {
    let server = try BrowseProfileFreshnessTests.server()
    let (clock, now) = (TestClock(), TestTime(Date()))
    let browser = try await BrowseProfileFreshnessTests.browser(server, clock: clock, now: now)

    await browser.updateRateLimit()

    #expect(server.rateLimitUsed(for: "core") == 3)
    #expect(browser.rateLimit?.remaining == 57)
    #expect(browser.rateLimitStatus == "57 requests left · resets in 60m")
    #expect(!browser.isRateLimited)
  }

  @Test func onceTheLimitIsUsedUpNothingIsSentUntilTheResetThenTheProfileComesByItself() async throws {
    let server = try BrowseProfileFreshnessTests.server()
    let (clock, now) = (TestClock(), TestTime(Date()))
    let reset = Date(timeIntervalSince1970: (now.date.timeIntervalSince1970 + 600).rounded(.up))
    let exhausted = LockedState(false)
    server.setHandler { _ in exhausted.withLock { $0 } ? .primaryRateLimit(resetAt: reset) : nil }
    let browser = try await BrowseProfileFreshnessTests.browser(server, clock: clock, now: now)
    exhausted.withLock { $0 = true }

    browser.moveDown()
    try await BrowseProfileFreshnessTests.settle(browser, clock)
    let sent = server.requests.count
    #expect(browser.isRateLimited)
    #expect(browser.limitedUntil == reset)
    #expect(browser.rateLimitStatus?.hasPrefix("rate limit reached · resumes in 10:0") == true)

    for key in 0..<8 {
      switch key % 4 {
      case 0: browser.moveDown()
      case 1: browser.moveUp()
      case 2: browser.moveToLast()
      default: browser.refresh()
      }
      try await BrowseProfileFreshnessTests.settle(browser, clock)
    }
    browser.openSelected()
    browser.retry()
    now.advance(by: 599)
    browser.resumeIfLimitReset()
    try await BrowseProfileFreshnessTests.settle(browser, clock)
    #expect(server.requests.count == sent)
    #expect(browser.stack.count == 1)
    #expect(browser.notice?.contains("nothing is sent until it resets") == true)
    #expect(browser.selectedProfile == nil)

    exhausted.withLock { $0 = false }
    now.advance(by: 2)
    browser.resumeIfLimitReset()
    try await BrowseProfileFreshnessTests.settle(browser, clock)

    #expect(server.requests.count == sent + 1)
    #expect(server.requests.last?.path == "/users/mona-follower-5")
    #expect(browser.selectedProfile?.name == "Follower 5")
    #expect(!browser.isRateLimited)
    #expect(browser.notice == nil)
  }
}
