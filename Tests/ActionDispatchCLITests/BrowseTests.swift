import BrowseUI
import BrowseUITestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `action-dispatch browse` on a pseudo-terminal, typed to as a person would: start, move,
/// search, resize, quit, Ctrl-C, and what happens without a terminal.
@Suite struct BrowseTests {
  /// What leaving the browser writes last: paste mode off, styles reset, cursor shown, main screen.
  static let restored = "\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  /// The screen after everything written since the last full redraw, at a size.
  static func screen(_ output: String, columns: Int, rows: Int) -> [String] {
    let start = output.range(of: "\u{1B}[2J", options: .backwards)?.upperBound ?? output.startIndex
    var screen = VirtualScreen(size: TerminalSize(columns: columns, rows: rows))
    screen.play(String(output[start...]))
    return screen.text
  }

  /// Starts `browse octocat --demo` at 100×30 and waits for its first page.
  private func startDemo() async throws -> CLIProcess {
    let child = try await CLIProcess.start(
      ["browse", "octocat", "--demo"], outputs: .interactive(rows: 30), columns: 100)
    let shown = await child.terminal.wait { output in
      Self.screen(output, columns: 100, rows: 30).first?.hasSuffix("45 of 45 loaded") == true
    }
    #expect(Self.screen(shown, columns: 100, rows: 30)[2].hasPrefix("›   amber-otter"))
    return child
  }

  @Test func movesSearchesAndQuitsLeavingTheTerminalAsItWas() async throws {
    let child = try await startDemo()
    let terminal = try #require(child.pseudoTerminal)

    terminal.type("jj")
    _ = await child.terminal.wait { Self.screen($0, columns: 100, rows: 30)[4].hasPrefix("›   amber-lynx") }
    terminal.type("/calm")
    let found = await child.terminal.wait { output in
      Self.screen(output, columns: 100, rows: 30)[0].hasSuffix("5 found")
    }
    #expect(Self.screen(found, columns: 100, rows: 30)[0].hasPrefix(" search users: calm▏"))
    terminal.type("\u{1B}")
    _ = await child.terminal.wait { Self.screen($0, columns: 100, rows: 30)[4].hasPrefix("›   amber-lynx") }
    terminal.type("q")

    let result = await child.result()
    #expect(result.status == 0)
    #expect(await child.terminal.waitForEnd().hasSuffix(Self.restored))
  }

  @Test func ctrlCQuitsWith130AndRestoresTheTerminal() async throws {
    let child = try await startDemo()

    child.pseudoTerminal?.type("\u{03}")

    #expect(await child.result().status == 130)
    #expect(await child.terminal.waitForEnd().hasSuffix(Self.restored))
  }

  @Test func aResizeRedrawsAtTheNewSize() async throws {
    let child = try await startDemo()
    let terminal = try #require(child.pseudoTerminal)

    try terminal.resize(columns: 60, rows: 20)
    child.send(SIGWINCH)
    let shown = await child.terminal.wait { output in
      Self.screen(output, columns: 60, rows: 20).last?.hasPrefix(" j/k move") == true
    }
    let screen = Self.screen(shown, columns: 60, rows: 20)
    #expect(screen[0] == " followers of octocat                       45 of 45 loaded")
    #expect(screen[1] == "    LOGIN                 │ PROFILE")
    child.send(SIGTERM)
    let result = await child.result()
    #expect(result.signal == SIGTERM)
    #expect(await child.terminal.waitForEnd().hasSuffix(Self.restored))
  }

  @Test func withoutATerminalItExitsWith2AndPointsToFollowers() async throws {
    let result = try await CLIProcess.run(["browse", "octocat", "--demo"])

    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "error: browse needs a terminal: its standard input and output must both be one. "
        + "To list followers in a script or a pipe, use: action-dispatch followers octocat\n")
  }
}
