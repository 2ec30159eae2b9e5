import ActionDispatch
import BrowseUI
import Foundation
import GitHubFollowers

/// Benchmark: what one selection move costs `action-dispatch browse` — render + diff time with
/// 10,000 followers loaded (and against 100, to show it is flat), the bytes written, and what
/// an idle browser writes in 2 s (nothing).
enum BrowseFrame {
  static let size = TerminalSize(columns: 100, rows: 30)

  @MainActor
  static func run(moves: Int, rounds: Int) async -> [BenchmarkResult] {
    // Both browsers are set up alike (the same moves, so the same runs dispatched) and their
    // moves alternate, so what drifts while the benchmark runs (the machine's load, its clock
    // speed, runs still retiring) weighs on both sides of the ratio alike.
    var small = await MovingBrowser(followers: 100)
    var large = await MovingBrowser(followers: 10_000)
    for move in 0..<moves {  // warm-up: the first frames load Unicode tables
      _ = small.move(move)
      _ = large.move(move)
    }
    var smallMedians: [Double] = []
    var largeMedians: [Double] = []
    for _ in 0..<rounds {
      await MovingBrowser.settle()
      var smallTimes: [Double] = []
      var largeTimes: [Double] = []
      smallTimes.reserveCapacity(moves)
      largeTimes.reserveCapacity(moves)
      for move in 0..<moves {
        smallTimes.append(small.move(move))
        largeTimes.append(large.move(move))
      }
      smallMedians.append(Measure.median(smallTimes))
      largeMedians.append(Measure.median(largeTimes))
    }
    small.stop()
    large.stop()
    let smallSeconds = Measure.median(smallMedians)
    let largeSeconds = Measure.median(largeMedians)
    let idle = await idleOutput(for: .seconds(2))
    let milliseconds = largeSeconds * 1000
    return [
      BenchmarkResult(
        name: "browse frame: render + diff of one selection move, 10,000 followers",
        value: milliseconds, unit: "ms", baselineName: nil, baselineValue: nil,
        measure: milliseconds, target: 1, targetDescription: "≤ 1 ms",
        notes: "median over \(rounds) rounds of \(moves) moves at 100×30, styled; the move, render and diff"),
      BenchmarkResult(
        name: "browse frame (flat): one move with 10,000 followers against 100",
        value: milliseconds, unit: "ms", baselineName: "100 followers", baselineValue: smallSeconds * 1000,
        measure: largeSeconds / smallSeconds, target: 1.3, targetDescription: "≤ 1.3×",
        notes: "the renderer reads only the rows on screen; the two browsers' moves alternate"),
      BenchmarkResult(
        name: "browse frame: bytes written for one selection move",
        value: Double(large.mostBytes), unit: "bytes", baselineName: "one full line",
        baselineValue: Double(large.line), measure: Double(large.mostBytes) / Double(large.line),
        target: 3, targetDescription: "≤ 3 lines",
        notes: "the largest write of any move that does not scroll; only changed lines are written"),
      BenchmarkResult(
        name: "browse frame: bytes written while idle for 2 s",
        value: Double(idle.bytes), unit: "bytes", baselineName: nil, baselineValue: nil,
        measure: Double(idle.bytes + idle.frames), target: 0, targetDescription: "0 bytes, 0 frames",
        notes: "\(idle.frames) frames; a real BrowseSession after its first page, nothing loading"),
    ]
  }

  /// Runs a real session, waits for its first page to be drawn, then counts what it writes in `duration`.
  @MainActor
  private static func idleOutput(for duration: Duration) async -> (bytes: Int, frames: Int) {
    let browser = BrowseViewModel(username: "octocat", service: InMemoryFollowers(count: 100))
    let terminal = CountingTerminal()
    let session = BrowseSession(viewModel: browser, terminal: terminal, styled: true)
    let (inputs, continuation) = AsyncStream.makeStream(of: BrowseInput.self)
    let run = Task { await session.run(inputs: inputs) }
    await browser.start().value
    try? await browser.waitUntilSettled()
    try? await Task.sleep(for: .milliseconds(500))  // the first frames, and the profile, land
    let before = (session.bytesWritten, session.framesWritten)
    try? await Task.sleep(for: duration)
    let after = (session.bytesWritten, session.framesWritten)
    continuation.yield(.bytes(Array("q".utf8)))
    _ = await run.value
    browser.stop()
    return (after.0 - before.0, after.1 - before.1)
  }
}

/// A browser with every follower loaded and the selection in the middle of the list and of the
/// screen, whose moves are timed: each move, the frame rendered for it and the diff written.
@MainActor
private struct MovingBrowser {
  let browser: BrowseViewModel
  private var writer = FrameWriter()
  /// The screen's scroll, as the session keeps it.
  private var view: BrowseViewState
  /// The bytes of the longest full line, the unit a move's write is compared with.
  let line: Int
  /// The most bytes one move wrote.
  private(set) var mostBytes = 0

  /// Loads `followers` followers and selects the middle one, in the same few moves whatever the
  /// count, so both browsers measured start with the same runs dispatched. No profile ever loads
  /// (the debounce outlasts the benchmark) and no spinner shows.
  init(followers: Int) async {
    let size = BrowseFrame.size
    browser = BrowseViewModel(
      username: "octocat", service: InMemoryFollowers(count: followers), profileDebounce: .seconds(3600),
      loadingIndicator: LoadingIndicator(delay: .seconds(3600), minimumDuration: .zero))
    let rows = BrowseLayout(size: size).listRows
    view = BrowseViewState(visibleRows: rows)
    await browser.start().value
    // One jump to the middle, which scrolls the selection to the bottom row; up half a screen
    // puts it in the middle of the screen, so the moves measured do not scroll (a move that
    // scrolls rewrites every row of the list).
    browser.moveDown(by: followers / 2)
    view.keepSelectionShown(in: browser)
    for _ in 0..<(rows / 2) { browser.moveUp() }
    view.keepSelectionShown(in: browser)
    let frame = BrowseRenderer.render(browser, view: view, size: size, styled: true).lines
    _ = writer.update(frame, size: size)
    line = frame.map { $0.utf8.count + 8 }.max() ?? 1
  }

  /// Times one move, down on even `move`s and up on odd ones, and returns its seconds.
  mutating func move(_ move: Int) -> Double {
    let size = BrowseFrame.size
    let start = ContinuousClock.now
    if move.isMultiple(of: 2) { browser.moveDown() } else { browser.moveUp() }
    view.keepSelectionShown(in: browser)
    let lines = BrowseRenderer.render(browser, view: view, size: size, styled: true).lines
    let output = writer.update(lines, size: size)
    let seconds = Measure.seconds(in: ContinuousClock.now - start)
    mostBytes = max(mostBytes, output.utf8.count)
    return seconds
  }

  func stop() { browser.stop() }

  /// Lets the runs the last moves superseded retire before the next round is timed.
  static func settle() async {
    try? await Task.sleep(for: .milliseconds(20))
  }
}

extension BrowseViewModel {
  /// Waits until no action of the browser, its list or its profiles and search is loading (at
  /// most 5 s).
  @MainActor
  fileprivate func waitUntilSettled() async throws {
    for _ in 0..<500 where isAnyLoading || current.followers.isAnyLoading || users.isAnyLoading {
      try await Task.sleep(for: .milliseconds(10))
    }
  }
}

/// A terminal that only counts what is written.
@MainActor
private final class CountingTerminal: BrowseTerminal {
  var size: TerminalSize { BrowseFrame.size }
  func write(_ text: String) {}
  func suspend() {}
  func resume() {}
}

/// Followers held in memory: one page with all of them, and a profile for anyone.
private struct InMemoryFollowers: FollowersService {
  let everyone: [Follower]

  init(count: Int) {
    everyone = (0..<count).map { Follower(login: "user-\($0)", id: $0 + 1, avatarURL: nil, htmlURL: nil) }
  }

  func followers(of user: GitHubUsername, page: Int, perPage: Int) async throws -> FollowersPage {
    FollowersPage(followers: page == 1 ? everyone : [], page: page, lastPage: 1)
  }

  func followersPage(at url: URL) async throws -> FollowersPage {
    FollowersPage(followers: [])
  }

  func profile(of user: GitHubUsername) async throws -> UserProfile {
    UserProfile(login: user.rawValue, id: 1, avatarURL: nil, htmlURL: nil, createdAt: nil)
  }

  func searchUsers(_ query: String) async throws -> UserSearchResult {
    UserSearchResult(totalCount: 0, items: [])
  }
}
