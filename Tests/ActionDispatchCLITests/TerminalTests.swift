import FakeGitHubServer
import Foundation
import Testing

/// What only shows on a terminal: colour, and the `NO_COLOR` and `TERM=dumb` opt-outs (the
/// spinner is in ``SpinnerTests``). The child's outputs are attached to a pseudo-terminal.
@Suite struct TerminalTests {
  static let clearLine = "\r\u{1B}[2K"
  static let cyan = "\u{1B}[36m"
  static let reset = "\u{1B}[0m"

  @Test(arguments: [["NO_COLOR": "1"], ["TERM": "dumb"]])
  func noColourWhenOptedOut(environment: [String: String]) async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 3)
    // The page is answered once the spinner showed, so that its frame is seen too.
    let answer = DispatchSemaphore(value: 0)
    defer { answer.signal() }
    _ = server.arrivals { _ in
      answer.wait()
      return nil
    }
    let child = try await CLIProcess.start(
      ["followers", "octocat", "--api-url", server.baseURL.absoluteString], environment: environment,
      outputs: .bothOnTerminal)
    _ = await child.terminal.wait { $0.contains("Fetching followers of octocat… page 1") }
    answer.signal()
    let result = await child.result()
    let shown = await child.terminal.waitForEnd()

    #expect(result.status == 0)
    #expect(shown.contains(Self.clearLine + "⠋ Fetching followers of octocat… page 1"))
    #expect(shown.contains("LOGIN  "))
    #expect(!shown.contains("m⠋"))
    #expect(!shown.contains(Self.reset))
  }

  @Test func tableHeaderIsBoldOnAColourTerminal() async throws {
    let child = try await CLIProcess.start(
      ["followers", "octocat", "--demo", "--limit", "3"], outputs: .bothOnTerminal)
    _ = await child.result()
    let shown = await child.terminal.waitForEnd()

    #expect(shown.contains("\u{1B}[1mLOGIN        TYPE          URL\u{1B}[0m\r\namber-otter  User"))
    #expect(shown.hasSuffix("amber-lynx   User          https://demo.invalid/amber-lynx\r\n"))
  }

  @Test func errorIsRedOnAColourTerminal() async throws {
    let child = try await CLIProcess.start(["profile", "mona", "--demo"], outputs: .errorOnTerminal)
    let result = await child.result()
    let shown = await child.terminal.waitForEnd()

    #expect(result.status == 1)
    #expect(
      shown.hasSuffix(
        "\u{1B}[1;31merror:\u{1B}[0m The demo has no user \"mona\" (no request was sent): it has octocat and "
          + "octocat's 45 followers, such as amber-otter.\r\n"))
  }
}
