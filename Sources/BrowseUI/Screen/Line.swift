import CommandLineKit
import GitHubFollowers

/// Builds the cells of a frame's lines: text fitted to an exact number of columns, measured
/// in display columns (wide characters take two, combining marks none).
///
/// ```swift
/// Line.fit("octocat", width: 5)    // "octo…"
/// Line.fit("日本", width: 5)        // "日本 "
/// ```
package enum Line {
  /// Text cut (with `…`) or padded with spaces to exactly `width` columns.
  ///
  /// Characters whose width terminals disagree on (an emoji with a skin tone, a letter with
  /// spacing vowel signs, a filler) are drawn as stand-ins (``DisplayWidth/settled(_:)``), so the
  /// line is `width` columns in every terminal and what follows it stays in its column.
  ///
  /// - Parameters:
  ///   - text: Printable text, already sanitized.
  ///   - width: The columns it must take.
  /// - Returns: The text, exactly `width` columns wide.
  package static func fit(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    let fitted = DisplayWidth.truncated(DisplayWidth.settled(text), toColumns: width)
    let used = DisplayWidth.of(fitted)
    return used < width ? fitted + String(repeating: " ", count: width - used) : fitted
  }

  /// Server text made safe (``TerminalText/sanitized(_:)``) and fitted to `width` columns.
  ///
  /// - Parameters:
  ///   - text: Text from a server.
  ///   - width: The columns it must take.
  /// - Returns: The text, exactly `width` columns wide.
  package static func fitUntrusted(_ text: String, width: Int) -> String {
    fit(TerminalText.sanitized(text), width: width)
  }

  /// The columns a line takes on the screen, its style sequences left out.
  ///
  /// - Parameter line: A rendered line.
  /// - Returns: Its width in columns.
  package static func columns(of line: String) -> Int {
    DisplayWidth.of(withoutStyles(line))
  }

  /// The line without its `ESC [ … m` style sequences.
  ///
  /// - Parameter line: A rendered line.
  /// - Returns: What it shows.
  package static func withoutStyles(_ line: String) -> String {
    guard line.contains("\u{1B}") else { return line }
    var result = ""
    var scalars = line.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\u{1B}" else {
        result.unicodeScalars.append(scalar)
        continue
      }
      while let next = scalars.next(), next != "m" {}
    }
    return result
  }
}
