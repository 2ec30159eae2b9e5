import ActionDispatch
import ActionDispatchTesting
import BrowseUI
import CommandLineKit
import GitHubFollowers
import Testing

/// The header counts the followers loaded, and shows the server's total only beside a count it
/// does not contradict.
@MainActor
@Suite(.serialExecutor) struct HeaderCountTests {
  private func header(claiming total: Int) async throws -> String {
    let browser = BrowseViewModel(
      username: "octocat", service: FixedService(claimedFollowers: total), clock: TestClock(),
      loadingIndicator: .immediate)
    await browser.start().value
    try await browser.waitUntilIdle(.fetchOwner(login: "octocat"))
    return Line.withoutStyles(BrowseRenderer.render(browser, size: TerminalSize(columns: 100, rows: 30)).lines[0])
  }

  @Test func aTotalBelowWhatWasLoadedIsNotShown() async throws {
    let header = try await header(claiming: 3)

    #expect(header.hasSuffix(" 7 loaded "))
    #expect(!header.contains("of 3"))
  }

  @Test func aTotalAtLeastWhatWasLoadedIsShown() async throws {
    #expect(try await header(claiming: 7).hasSuffix(" 7 of 7 loaded "))
    #expect(try await header(claiming: 95).hasSuffix(" 7 of 95 loaded "))
  }
}
