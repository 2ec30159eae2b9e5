import ActionDispatch
import ActionDispatchTesting
import BrowseUI
import Foundation
import GitHubFollowers
import Testing

/// Input that never completes: a bracketed paste without its end, and Ctrl-C in the middle of
/// anything. The session's clock is a test clock, so the paste timeout passes without waiting.
@MainActor
@Suite struct BrowseStuckInputTests {
  struct Running {
    let clock: TestClock
    let terminal: RecordingTerminal
    let inputs: AsyncStream<BrowseInput>.Continuation
    let run: Task<BrowseExit, Never>

    func type(_ text: String) {
      inputs.yield(.bytes(Array(text.utf8)))
    }
  }

  private func start() async throws -> Running {
    let browser = BrowseViewModel(
      username: "octocat", service: FixedService(), clock: TestClock(), profileDebounce: .milliseconds(100),
      loadingIndicator: LoadingIndicator(delay: .milliseconds(150), minimumDuration: .milliseconds(400)))
    let terminal = RecordingTerminal(size: TerminalSize(columns: 80, rows: 20))
    let clock = TestClock()
    let session = BrowseSession(viewModel: browser, terminal: terminal, styled: false, clock: clock)
    let (stream, continuation) = AsyncStream.makeStream(of: BrowseInput.self)
    let run = Task { await session.run(inputs: stream) }
    await browser.start().value
    try await browser.waitUntilIdle(.fetchOwner(login: "octocat"))
    await terminal.waitForScreen(containing: "7 of 7 loaded")
    return Running(clock: clock, terminal: terminal, inputs: continuation, run: run)
  }

  @Test func aPasteThatNeverEndsTimesOutAndTheKeysComeBack() async throws {
    let running = try await start()
    running.type("/")
    await running.terminal.waitForScreen(containing: "search users: ▏")

    running.type("\u{1B}[200~ott")  // no ESC [ 201 ~ ever comes
    await running.clock.waitForSleepers(1)
    await running.clock.advance(by: BrowseSession.pasteTimeout)
    await running.terminal.waitForScreen(containing: "search users: ott▏")

    running.type("o")  // typed, not swallowed by the paste
    await running.terminal.waitForScreen(containing: "search users: otto▏")
    running.type("\u{03}")
    #expect(await running.run.value == .interrupted)
  }

  @Test func aTimeoutStillPendingWhenTheSessionEndsIsCancelledWithIt() async throws {
    let running = try await start()
    running.type("\u{1B}[200~ott")  // the paste timeout is now pending on the session's clock
    await running.clock.waitForSleepers(1)
    running.type("\u{03}")
    #expect(await running.run.value == .interrupted)
    #expect(running.clock.sleeperCount == 0, "a timer of the session outlived it")
  }

  @Test(arguments: ["\u{1B}[200~half a paste", "\u{1B}[200~text\u{1B}[20", "\u{1B}[1;", "\u{1B}O", "\u{1B}"])
  func ctrlCQuitsWhateverTheDecoderHolds(_ held: String) async throws {
    let running = try await start()
    running.type(held)
    running.type("\u{03}")
    #expect(await running.run.value == .interrupted)
  }
}
