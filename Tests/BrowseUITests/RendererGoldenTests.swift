import ActionDispatch
import ActionDispatchTesting
import BrowseUI
import CommandLineKit
import GitHubFollowers
import Testing

/// The renderer's frames: golden at 100×30, 60×20 and 40×10 with wide characters and hostile
/// text, and never a line wider or narrower than the terminal.
@MainActor
@Suite struct RendererGoldenTests {
  private static func shown(_ frame: BrowseFrame) -> [String] {
    frame.lines.map { line in
      var trimmed = Line.withoutStyles(line)
      while trimmed.hasSuffix(" ") { trimmed.removeLast() }
      return trimmed
    }
  }

  @Test(arguments: [
    (TerminalSize(columns: 100, rows: 30), Goldens.wide),
    (TerminalSize(columns: 60, rows: 20), Goldens.medium),
    (TerminalSize(columns: 40, rows: 10), Goldens.smallest),
    (TerminalSize(columns: 39, rows: 10), Goldens.tooSmall),
    (TerminalSize(columns: 20, rows: 8), Goldens.tooSmallAndNarrow),
  ])
  func drawsTheGoldenFrame(size: TerminalSize, golden: [String]) async throws {
    let browser = try await BrowserState.loaded()

    let frame = BrowseRenderer.render(browser, size: size)

    #expect(Self.shown(frame) == golden)
    #expect(frame.lines.allSatisfy { Line.columns(of: $0) == size.columns })
    #expect(!frame.animates)
  }

  @Test func stylesChangeNothingButStylesAndNoServerTextEscapesRaw() async throws {
    let browser = try await BrowserState.loaded()
    let size = TerminalSize(columns: 100, rows: 30)

    let styled = BrowseRenderer.render(browser, size: size, styled: true)

    #expect(Self.shown(styled) == Goldens.wide)
    #expect(styled.lines[2].hasPrefix("\u{1B}[7m›"))
    for line in styled.lines {
      let unstyled = Line.withoutStyles(line)
      #expect(!unstyled.unicodeScalars.contains { TerminalText.needsEscaping($0) })
    }
  }

  @Test func noLineEverOverflowsAtAnySize() async throws {
    let browser = try await BrowserState.loaded()
    browser.toggleEvents()
    for columns in [1, 20, 39, 40, 41, 59, 60, 61, 79, 80, 99, 100, 133, 200] {
      for rows in [1, 9, 10, 11, 30, 50] {
        let size = TerminalSize(columns: columns, rows: rows)
        let frame = BrowseRenderer.render(browser, size: size, styled: true)
        #expect(frame.lines.count == rows)
        #expect(frame.lines.allSatisfy { Line.columns(of: $0) == columns }, "\(columns)×\(rows)")
      }
    }
  }

  @Test func theEventsPaneShowsEveryActionsTimeline() async throws {
    let browser = try await BrowserState.loaded()
    browser.toggleEvents()

    let frame = Self.shown(BrowseRenderer.render(browser, size: TerminalSize(columns: 100, rows: 30)))

    #expect(frame[1].hasSuffix("│ EVENTS"))
    #expect(frame.contains { $0.hasSuffix("│ 20:31:05.250 fetchFollowers started") })
    #expect(frame.contains { $0.contains("│ 20:31:05.250 loadProfile succeeded ") })
  }

  @Test func searchShowsTheQueryAndNeverAnOlderQuerysResults() async throws {
    let clock = TestClock()
    let browser = try await BrowserState.loaded(clock: clock)
    let size = TerminalSize(columns: 60, rows: 20)

    browser.beginSearch()
    browser.typeInSearch("otter")
    let waiting = Self.shown(BrowseRenderer.render(browser, size: size))
    #expect(waiting[0].hasPrefix(" search users: otter▏"))
    #expect(waiting[0].hasSuffix("searching…"))
    #expect(waiting[2].hasPrefix("  ⠋ searching…"))

    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(250))
    try await browser.users.waitUntilIdle(.searchUsers)
    let found = Self.shown(BrowseRenderer.render(browser, size: size))
    #expect(found[0].hasSuffix("1 found"))
    #expect(found[2].hasPrefix("›   amber-otter"))
    #expect(found[19].hasPrefix(" type to search  ⏎ keep results"))
  }
}
