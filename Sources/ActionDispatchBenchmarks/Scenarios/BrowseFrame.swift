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
    _ = await frameCost(followers: 100, moves: moves, rounds: 1)  // warm-up: the first frames load Unicode tables
    let small = await frameCost(followers: 100, moves: moves, rounds: rounds)
    let large = await frameCost(followers: 10_000, moves: moves, rounds: rounds)
    let idle = await idleOutput(for: .seconds(2))
    let milliseconds = large.seconds * 1000
    return [
      BenchmarkResult(
        name: "browse frame: render + diff of one selection move, 10,000 followers",
        value: milliseconds, unit: "ms", baselineName: nil, baselineValue: nil,
        measure: milliseconds, target: 1, targetDescription: "≤ 1 ms",
        notes: "median over \(rounds) rounds of \(moves) moves at 100×30, styled; the move, render and diff"),
      BenchmarkResult(
        name: "browse frame (flat): one move with 10,000 followers against 100",
        value: milliseconds, unit: "ms", baselineName: "100 followers", baselineValue: small.seconds * 1000,
        measure: large.seconds / small.seconds, target: 1.3, targetDescription: "≤ 1.3×",
        notes: "the renderer reads only the rows on screen"),
      BenchmarkResult(
        name: "browse frame: bytes written for one selection move",
        value: Double(large.bytes), unit: "bytes", baselineName: "one full line", baselineValue: Double(large.line),
        measure: Double(large.bytes) / Double(large.line), target: 3, targetDescription: "≤ 3 lines",
        notes: "the largest write of any move that does not scroll; only changed lines are written"),
      BenchmarkResult(
        name: "browse frame: bytes written while idle for 2 s",
        value: Double(idle.bytes), unit: "bytes", baselineName: nil, baselineValue: nil,
        measure: Double(idle.bytes + idle.frames), target: 0, targetDescription: "0 bytes, 0 frames",
        notes: "\(idle.frames) frames; a real BrowseSession after its first page, nothing loading"),
    ]
  }

  /// The median time of one move's frame, the most bytes one move wrote, and one full line's bytes.
  @MainActor
  private static func frameCost(
    followers: Int, moves: Int, rounds: Int
  ) async -> (seconds: Double, bytes: Int, line: Int) {
    let browser = await loadedBrowser(followers: followers)
    var writer = FrameWriter()
    let first = writer.update(BrowseRenderer.render(browser, size: size, styled: true).lines, size: size)
    let line = BrowseRenderer.render(browser, size: size, styled: true).lines.map { $0.utf8.count + 8 }.max() ?? 1
    _ = first
    var medians: [Double] = []
    var mostBytes = 0
    for _ in 0..<rounds {
      var times: [Double] = []
      times.reserveCapacity(moves)
      for move in 0..<moves {
        let start = ContinuousClock.now
        if move.isMultiple(of: 2) { browser.moveDown() } else { browser.moveUp() }
        let lines = BrowseRenderer.render(browser, size: size, styled: true).lines
        let output = writer.update(lines, size: size)
        times.append(Measure.seconds(in: ContinuousClock.now - start))
        mostBytes = max(mostBytes, output.utf8.count)
      }
      medians.append(Measure.median(times))
    }
    browser.stop()
    return (Measure.median(medians), mostBytes, line)
  }

  /// A browser with every follower loaded, the selection in the middle of the list and of the
  /// screen, no profile ever loading
  /// (the debounce outlasts the benchmark) and no spinner.
  @MainActor
  private static func loadedBrowser(followers: Int) async -> BrowseViewModel {
    let browser = BrowseViewModel(
      username: "octocat", service: InMemoryFollowers(count: followers), profileDebounce: .seconds(3600),
      loadingIndicator: LoadingIndicator(delay: .seconds(3600), minimumDuration: .zero))
    browser.setVisibleRows(BrowseLayout(size: size).listRows)
    await browser.start().value
    for _ in 0..<(followers / 2) { browser.moveDown() }
    // Up to the middle of the screen, so the moves measured do not scroll (a move that scrolls
    // rewrites every row of the list, since the pane shares those lines).
    for _ in 0..<(BrowseLayout(size: size).listRows / 2) { browser.moveUp() }
    return browser
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

extension BrowseViewModel {
  /// Waits until no action of the browser or its list is loading (at most 5 s).
  @MainActor
  fileprivate func waitUntilSettled() async throws {
    for _ in 0..<500 where isAnyLoading || current.followers.isAnyLoading {
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

  func followers(of username: String, page: Int, perPage: Int) async throws -> FollowersPage {
    FollowersPage(followers: page == 1 ? everyone : [], page: page, lastPage: 1)
  }

  func followersPage(at url: URL) async throws -> FollowersPage {
    FollowersPage(followers: [])
  }

  func profile(of username: String) async throws -> UserProfile {
    UserProfile(login: username, id: 1, avatarURL: nil, htmlURL: nil, createdAt: nil)
  }

  func searchUsers(_ query: String) async throws -> UserSearchResult {
    UserSearchResult(totalCount: 0, items: [])
  }
}
