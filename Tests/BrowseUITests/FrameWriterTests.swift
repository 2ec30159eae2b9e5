import BrowseUI
import BrowseUITestSupport
import Testing

/// The frame writer writes only the lines that changed, and what it writes shows the frame.
@Suite struct FrameWriterTests {
  private let size = TerminalSize(columns: 6, rows: 3)

  @Test func theFirstFrameClearsTheScreenAndWritesEveryLine() {
    var writer = FrameWriter()
    var screen = VirtualScreen(size: size)
    screen.play(writer.update(["ab    ", "日本  ", "x     "], size: size))
    #expect(screen.text == ["ab", "日本", "x"])
  }

  @Test func aNewFrameWritesOnlyTheLinesThatChanged() {
    var writer = FrameWriter()
    var screen = VirtualScreen(size: size)
    screen.play(writer.update(["ab    ", "cd    ", "ef    "], size: size))

    let output = writer.update(["ab    ", "CD    ", "ef    "], size: size)
    screen.play(output)

    #expect(output == "\u{1B}[2;1HCD    ")
    #expect(screen.text == ["ab", "CD", "ef"])
    #expect(writer.update(["ab    ", "CD    ", "ef    "], size: size).isEmpty)
  }

  @Test func aNewSizeOrAnInvalidatedScreenIsDrawnInFull() {
    var writer = FrameWriter()
    _ = writer.update(["ab    ", "cd    ", "ef    "], size: size)
    writer.invalidate()
    let again = writer.update(["ab    ", "cd    ", "ef    "], size: size)
    #expect(again.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
    #expect(again.contains("\u{1B}[3;1Hef"))

    let wider = TerminalSize(columns: 7, rows: 3)
    var screen = VirtualScreen(size: wider)
    screen.play(writer.update(["ab     ", "cd     ", "ef     "], size: wider))
    #expect(screen.text == ["ab", "cd", "ef"])
  }
}
