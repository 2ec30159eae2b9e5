/// Turns each new frame into the bytes that change the screen from the last frame to it:
/// only the lines that differ are written, each with a cursor move in front.
///
/// Frames are lines exactly as wide as the terminal (``Line/fit(_:width:)``), so a line
/// written over another leaves nothing of it behind. A new size, or ``invalidate()`` (after
/// the screen was lost to a suspend), clears the screen and writes every line.
///
/// ```swift
/// var writer = FrameWriter()
/// let first = writer.update(["a  ", "b  "], size: TerminalSize(columns: 3, rows: 2))  // clears, writes both
/// let next = writer.update(["a  ", "c  "], size: TerminalSize(columns: 3, rows: 2))   // "\u{1B}[2;1Hc  "
/// ```
package struct FrameWriter: Sendable {
  private var previous: [String] = []
  private var size: TerminalSize?

  /// Creates a writer whose first frame is drawn in full.
  package init() {}

  /// The bytes that turn the last frame into this one; empty when nothing changed.
  ///
  /// - Parameters:
  ///   - lines: The new frame, one string per row, each exactly as wide as the terminal.
  ///   - size: The terminal's size.
  /// - Returns: The text to write to the terminal.
  package mutating func update(_ lines: [String], size: TerminalSize) -> String {
    var output = ""
    if size != self.size {
      output = "\u{1B}[0m\u{1B}[H\u{1B}[2J"
      previous = []
      self.size = size
    }
    for (row, line) in lines.enumerated() where row >= previous.count || previous[row] != line {
      output += "\u{1B}[\(row + 1);1H"
      output += line
    }
    previous = lines
    return output
  }

  /// Forgets the last frame, so that the next is drawn in full on a cleared screen.
  package mutating func invalidate() {
    size = nil
    previous = []
  }
}
