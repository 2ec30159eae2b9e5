import BrowseUI
import CommandLineKit
import GitHubFollowers
import Testing

/// Issue 32: an error in the profile pane wraps between words ("resets at 1" / "3:50 UTC" was
/// one of them), at most four lines of it, and never leaves the pane.
@MainActor
@Suite struct PaneErrorWrappingTests {
  /// The pane's rows below the title, as shown, trailing spaces dropped.
  private static func pane(_ frame: BrowseFrame) -> [String] {
    frame.lines[2...8].map { line in
      var shown = String(Line.withoutStyles(line).split(separator: "│", maxSplits: 1)[1])
      while shown.hasSuffix(" ") { shown.removeLast() }
      return shown
    }
  }

  @Test(arguments: [
    (
      GitHubError.rateLimited(resetAt: nil, authenticated: true), TerminalSize(columns: 100, rows: 30),
      [
        " amber-otter", "",
        " ! GitHub's API rate limit is exhausted. Wait for the",
        " hourly reset: the token's limit is 5,000 requests an",
        " hour.",
        " r retries", "",
      ]
    ),
    (
      GitHubError.badCredentials, TerminalSize(columns: 60, rows: 20),
      [
        " amber-otter", "",
        " ! GitHub rejected the token",
        " (HTTP 401 Bad credentials).",
        " Check GITHUB_TOKEN (or",
        " GH_TOKEN): it may be mistyped,…",
        " r retries",
      ]
    ),
  ])
  func aProfileErrorWrapsBetweenWords(error: GitHubError, size: TerminalSize, golden: [String]) async throws {
    let browser = try await BrowserState.loaded(service: FixedService(profileError: error))

    let frame = BrowseRenderer.render(browser, size: size)

    #expect(Self.pane(frame) == golden)
    #expect(frame.lines.allSatisfy { Line.columns(of: $0) == size.columns })
  }
}
