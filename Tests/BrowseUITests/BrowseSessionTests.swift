import ActionDispatch
import ActionDispatchTesting
import BrowseUI
import Foundation
import GitHubFollowers
import Testing

/// The loop: keys reach the view model, a change is one frame, and only changed lines are written.
@MainActor
@Suite struct BrowseSessionTests {
  /// A session on a recording terminal, running until `q` or the inputs end.
  struct Running {
    let browser: BrowseViewModel
    let terminal: RecordingTerminal
    let session: BrowseSession
    let inputs: AsyncStream<BrowseInput>.Continuation
    let run: Task<BrowseExit, Never>

    @MainActor
    func type(_ text: String) {
      inputs.yield(.bytes(Array(text.utf8)))
    }
  }

  private func start(size: TerminalSize = TerminalSize(columns: 100, rows: 30)) async throws -> Running {
    let browser = BrowseViewModel(
      username: "octocat", service: FixedService(), clock: TestClock(), profileDebounce: .milliseconds(100),
      loadingIndicator: LoadingIndicator(delay: .milliseconds(150), minimumDuration: .milliseconds(400)))
    let terminal = RecordingTerminal(size: size)
    let session = BrowseSession(viewModel: browser, terminal: terminal, styled: true)
    let (stream, continuation) = AsyncStream.makeStream(of: BrowseInput.self)
    let run = Task { await session.run(inputs: stream) }
    await browser.start().value
    try await browser.waitUntilIdle(.fetchOwner(login: "octocat"))
    await terminal.waitForScreen(containing: "7 of 7 loaded")
    return Running(browser: browser, terminal: terminal, session: session, inputs: continuation, run: run)
  }

  @Test func aMoveWritesOnlyTheChangedLinesAndQQuits() async throws {
    let running = try await start()
    let before = running.terminal.writes.count

    running.type("j")
    await running.terminal.wait { $0.writes.count > before }

    let move = running.terminal.writes[before]
    #expect(move.utf8.count <= 3 * (100 + 32), "\(move.utf8.count) bytes")
    #expect(running.terminal.screen.text[3].hasPrefix("›   日本語のユーザー名前"))
    #expect(running.terminal.screen.text[2].hasPrefix("    amber-otter"))
    running.type("q")
    #expect(await running.run.value == .quit)
  }

  @Test func aBurstOfChangesIsOneFrameAndAKeyThatChangesNothingDrawsNothing() async throws {
    let running = try await start()
    let before = running.session.framesWritten

    // Three changes in one main-actor turn: the loop cannot draw between them.
    running.browser.moveDown()
    running.browser.moveDown()
    running.browser.moveDown()
    await running.terminal.waitForScreen(containing: "›   evil")
    #expect(running.session.framesWritten - before == 1)

    running.browser.moveToFirst()
    await running.terminal.waitForScreen(containing: "›   amber-otter")
    let atTop = running.session.framesWritten
    running.type("k")  // at the top already: no change, so no frame
    running.type("e")  // a visible change, to know the key before it was handled
    await running.terminal.waitForScreen(containing: "│ EVENTS")
    #expect(running.session.framesWritten - atTop == 1)
    running.inputs.yield(.terminate(15))
    #expect(await running.run.value == .signal(15))
  }

  @Test func searchKeysTypeIntoTheQueryAndEscapeGivesTheListBack() async throws {
    let running = try await start(size: TerminalSize(columns: 60, rows: 20))
    running.type("jj/ott")
    await running.terminal.waitForScreen(containing: "search users: ott▏")
    running.type("\u{1B}")
    await running.terminal.waitForScreen(containing: "followers of octocat")

    #expect(running.browser.selectedIndex == 2)
    #expect(running.browser.query.isEmpty)
    running.inputs.finish()
    #expect(await running.run.value == .inputClosed)
  }

  @Test func aResizeRedrawsAtTheNewSizeAndCtrlZSuspends() async throws {
    let running = try await start()
    running.terminal.size = TerminalSize(columns: 40, rows: 10)
    running.inputs.yield(.resized)
    await running.terminal.waitForScreen(containing: "followers of octocat     7 of 7 loaded")
    let small = running.terminal.screen.text
    #expect(small[2] == "›   amber-otter                    User")
    #expect(small[9] == " j/k move  g/G top/end  ⏎ open  h back …")

    running.inputs.yield(.bytes([0x1A]))
    running.inputs.yield(.continued)
    await running.terminal.wait {
      $0.suspensions == 1 && $0.resumptions == 1
        && $0.writes.last?.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J") == true
    }
    #expect(running.terminal.screen.text == small)
    running.inputs.yield(.bytes([0x03]))
    #expect(await running.run.value == .interrupted)
  }
}
