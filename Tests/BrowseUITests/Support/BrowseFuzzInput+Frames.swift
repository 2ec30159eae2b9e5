import ActionDispatch
import ActionDispatchTesting
import BrowseUI
import CommandLineKit
import Foundation
import GitHubFollowers

extension BrowseFuzzInput {
  /// A frame drawn in the input's world, plain and styled, with what it was drawn for.
  struct Drawn {
    /// When in the script it was drawn, such as "search typed".
    var moment: String
    var size: TerminalSize
    var plain: BrowseFrame
    var styled: BrowseFrame

    /// What is wrong with the frame (``BrowseFrameProperties``); empty when nothing is.
    var violations: [String] {
      BrowseFrameProperties.violations(of: plain, styled: styled, size: size)
    }
  }

  /// Plays the input's script against a browser and draws a frame, plain and styled, at each
  /// step: the lists opened, the rows moved, a follow, the notice, the events pane, a search
  /// typed, answered and kept.
  @MainActor
  func frames() async -> [Drawn] {
    let service = BrowseFuzzService(input: self)
    let browser = BrowseViewModel(
      username: (try? GitHubUsername(pathLogin(0))) ?? "octocat", service: service, following: service,
      clock: ImmediateClock(), profileDebounce: .zero, searchDebounce: .zero, loadingIndicator: .immediate,
      now: { Date(timeIntervalSince1970: 1_764_102_665.25) })
    defer { browser.stop() }
    let size = TerminalSize(columns: columns, rows: rows)
    var view = BrowseViewState(visibleRows: BrowseLayout(size: size).listRows)
    var drawn: [Drawn] = []
    func draw(_ moment: String) {
      view.keepSelectionShown(in: browser)
      let plain = BrowseRenderer.render(browser, view: view, size: size, spinnerFrame: rows)
      let styled = BrowseRenderer.render(browser, view: view, size: size, spinnerFrame: rows, styled: true)
      drawn.append(Drawn(moment: moment, size: size, plain: plain, styled: styled))
    }

    browser.start()
    draw("loading")
    await Self.settle(browser)
    for _ in 0..<depth {
      browser.openSelected()
      await Self.settle(browser)
    }
    draw("list")
    if follows {
      browser.follow()
      await Self.settle(browser)
      draw("followed")
    }
    browser.moveDown(by: movesDown)
    await Self.settle(browser)
    draw("moved")
    if !notice.isEmpty {
      browser.noteWait(notice)
      draw("notice")
    }
    if showsEvents {
      browser.toggleEvents()
      draw("events")
      // The cache pane: its keys hold the input's logins, sanitized like every other text.
      browser.toggleCache()
      draw("cache")
      browser.toggleCache()
    }
    if searches {
      browser.beginSearch()
      browser.typeInSearch(query)
      draw("search typed")
      await Self.settle(browser)
      draw("search answered")
      if commitsSearch {
        browser.commitSearch()
        draw("search kept")
      }
    }
    return drawn
  }

  /// Waits until nothing the browser drives is loading.
  @MainActor
  private static func settle(_ browser: BrowseViewModel) async {
    for _ in 0..<2 {
      try? await browser.waitUntilAllIdle(limit: .seconds(30))
      for list in browser.stack { try? await list.followers.waitUntilAllIdle(limit: .seconds(30)) }
      try? await browser.users.waitUntilAllIdle(limit: .seconds(30))
    }
  }
}
