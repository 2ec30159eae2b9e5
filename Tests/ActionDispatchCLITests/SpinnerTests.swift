import FakeGitHubServer
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The spinner never damages the terminal: it shows only when standard output and standard
/// error are both terminals, each frame fits the terminal's width, and nothing is left on the
/// screen when it stops or when Ctrl-C ends the run. What the terminal shows is replayed on a
/// ``TerminalScreen`` of the pseudo-terminal's width.
@Suite struct SpinnerTests {
  static let clearLine = "\r\u{1B}[2K"
  static let cyan = "\u{1B}[36m"
  static let reset = "\u{1B}[0m"

  @Test func noSpinnerWhenStandardOutputIsPiped() async throws {
    let child = try await CLIProcess.start(
      ["followers", "octocat", "--demo", "--limit", "3"], outputs: .errorOnTerminal, columns: 80)
    let result = await child.result()
    let shown = await child.terminal.waitForEnd()

    #expect(result == CLIResult(stdout: DemoTests.table(DemoTests.demoFollowers[0..<3]), stderr: "", status: 0))
    #expect(shown == "", "`| less` or `| jq` shows standard output: a spinner on standard error would draw into it")
  }

  @Test func aFastDemoLoadNeverFlashesTheSpinner() async throws {
    // The tool's loading indicator shows the spinner only after 150 ms of loading.
    let child = try await CLIProcess.start(
      ["followers", "octocat", "--demo", "--limit", "3"], outputs: .bothOnTerminal, columns: 80)
    let result = await child.result()
    let shown = await child.terminal.waitForEnd()

    #expect(result.status == 0)
    #expect(!shown.contains("Fetching followers"), "a load that ends before the delay never shows the spinner")
    let screen = TerminalScreen(columns: 80, showing: shown)
    #expect(screen.wraps == 0)
    #expect(
      screen.lines
        == DemoTests.table(DemoTests.demoFollowers[0..<3]).split(separator: "\n").map {
          TerminalScreen.trimmingTrailingSpaces(String($0))
        })
  }

  @Test func aSlowLoadShowsTheSpinnerFollowingThePagesAndClearsIt() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 45)
    // Each page is answered only once the test has seen the spinner ask for it.
    let answer = DispatchSemaphore(value: 0)
    defer { for _ in 0..<4 { answer.signal() } }
    _ = server.arrivals { _ in
      answer.wait()
      return nil
    }
    let child = try await CLIProcess.start(
      ["followers", "octocat", "--limit", "45", "--api-url", server.baseURL.absoluteString],
      outputs: .bothOnTerminal, columns: 80)
    _ = await child.terminal.wait {
      $0.contains(Self.cyan + "⠋" + Self.reset + " Fetching followers of octocat… page 1")
    }
    answer.signal()
    _ = await child.terminal.wait { $0.contains(" Fetching followers of octocat… page 2 of 2") }
    answer.signal()
    let result = await child.result()
    let shown = await child.terminal.waitForEnd()

    #expect(result.status == 0)
    #expect(shown.hasSuffix(Self.clearLine))
    let screen = TerminalScreen(columns: 80, showing: shown)
    #expect(screen.wraps == 0)
    #expect(screen.lines.count == 46, "the header and 45 rows, nothing else")
  }

  @Test func aNarrowTerminalGetsFramesCutToItsWidthAndCtrlCLeavesNothing() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    let login = "octocat-with-a-rather-long-login"
    server.addUser(login, followers: 45)
    let arrivals = server.arrivals { _ in FakeResponse(status: 200, behavior: .neverRespond) }
    let child = try await CLIProcess.start(
      ["followers", login, "--api-url", server.baseURL.absoluteString], environment: ["NO_COLOR": "1"],
      outputs: .bothOnTerminal, columns: 40)
    #expect(await child.requests(from: arrivals, count: 1).count == 1)

    // Three frames at least, each redrawn over the last: the ones that wrapped left lines behind.
    let spinning = await child.terminal.wait { $0.components(separatedBy: Self.clearLine).count > 3 }
    child.send(SIGINT)
    let result = await child.result()
    let shown = await child.terminal.waitForEnd()

    #expect(result.status == 130)
    // 39 columns: the frame, a space, and the message cut to 37 with an ellipsis.
    #expect(spinning.contains(Self.clearLine + "⠙ Fetching followers of octocat-with-a…" + Self.clearLine))
    let screen = TerminalScreen(columns: 40, showing: shown)
    #expect(screen.wraps == 0)
    #expect(screen.lines == [], "Ctrl-C clears the spinner's line")
  }

  @Test func theScreenModelKeepsWhatAWrappedLineLeftBehind() {
    // What the spinner did before: each frame wider than the screen wrapped, and `\r` then
    // erase-line cleared only the part on the last line.
    let frame = String(repeating: "x", count: 50)
    let screen = TerminalScreen(
      columns: 40, showing: (Self.clearLine + frame) + (Self.clearLine + frame) + Self.clearLine)
    #expect(screen.wraps == 2)
    #expect(screen.lines == [String(repeating: "x", count: 40), String(repeating: "x", count: 40)])
  }
}
