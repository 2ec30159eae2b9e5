import ActionDispatch
import ActionDispatchTesting
import BrowseUI
import CommandLineKit
import Foundation
import GitHubFollowers
import Testing

/// The status line (the frame's last line but one): the requests left and when they reset, on
/// the right; once the limit is used up, a countdown that keeps the frame animating.
@MainActor
@Suite(.serialExecutor) struct StatusLineTests {
  private nonisolated static let now = Date(timeIntervalSince1970: 1_764_102_665.25)
  private static let size = TerminalSize(columns: 100, rows: 30)

  private func browser(remaining: Int, resetIn seconds: TimeInterval) async throws -> BrowseViewModel {
    let limit = RateLimit(limit: 60, remaining: remaining, resetAt: Self.now.addingTimeInterval(seconds))
    let browser = BrowseViewModel(
      username: "octocat", service: FixedService(rateLimit: limit), clock: TestClock(), loadingIndicator: .immediate,
      now: { Self.now })
    await browser.start().value
    try await browser.waitUntilIdle(.fetchOwner(login: "octocat"))
    await browser.updateRateLimit()
    return browser
  }

  private func statusLine(_ frame: BrowseFrame) -> String {
    Line.withoutStyles(frame.lines[frame.lines.count - 2])
  }

  @Test func theRequestsLeftAndTheResetAreOnTheRight() async throws {
    let frame = BrowseRenderer.render(try await browser(remaining: 57, resetIn: 2_501), size: Self.size)

    #expect(statusLine(frame) == String(repeating: " ", count: 67) + "57 requests left · resets in 42m ")
  }

  @Test func aUsedUpLimitCountsDownAndAnimates() async throws {
    let browser = try await browser(remaining: 0, resetIn: 299)
    let frame = BrowseRenderer.render(browser, size: Self.size)

    #expect(browser.isRateLimited)
    // The owner's profile was held back, and says so on the left.
    #expect(statusLine(frame).hasPrefix(" ! fetchOwner octocat failed: GitHub's API rate limit"))
    #expect(statusLine(frame).hasSuffix("…  rate limit reached · resumes in 4:59 "))
    #expect(frame.animates)
  }

  @Test func withoutCountersTheLineStaysBlank() async throws {
    let browser = BrowseViewModel(
      username: "octocat", service: FixedService(), clock: TestClock(), loadingIndicator: .immediate)
    await browser.start().value
    await browser.updateRateLimit()

    #expect(statusLine(BrowseRenderer.render(browser, size: Self.size)) == String(repeating: " ", count: 100))
  }
}
