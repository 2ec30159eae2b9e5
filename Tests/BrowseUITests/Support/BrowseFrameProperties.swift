import BrowseUI
import CommandLineKit

/// What every frame of `browse` must be, whatever the server sent: checked by the fuzzer
/// (`Fuzz/Sources/FuzzBrowseRenderer`, through a symbolic link) and by `BrowseRendererFuzzTests`.
enum BrowseFrameProperties {
  /// The renderer's own style sequences after their `ESC`, the only escapes a styled frame may hold.
  static let styles: [[Unicode.Scalar]] = ["[0m", "[1m", "[2m", "[7m", "[31m"].map { Array($0.unicodeScalars) }

  /// What is wrong with a frame drawn at `size`, and with the same frame `styled`: one line per
  /// broken property, none when they hold.
  ///
  /// - A frame has one line per row, and each line is exactly as wide as the terminal, both as
  ///   `DisplayWidth` measures it and code point by code point (`wcwidth` summed, as tmux and
  ///   xterm draw): no line exceeds the width it was given in either kind of terminal.
  /// - No control character, escape or bidi control reaches the frame (`TerminalText`'s
  ///   `needsEscaping`).
  /// - The styled frame is the plain one with the renderer's own style sequences added, and
  ///   nothing else.
  static func violations(of frame: BrowseFrame, styled: BrowseFrame, size: TerminalSize) -> [String] {
    var found: [String] = []
    if frame.lines.count != max(0, size.rows) {
      found.append("\(frame.lines.count) lines for \(size.rows) rows")
    }
    for (index, line) in frame.lines.enumerated() {
      if let scalar = line.unicodeScalars.first(where: TerminalText.needsEscaping) {
        found.append(
          "line \(index) holds U+\(String(scalar.value, radix: 16, uppercase: true)): \(line.debugDescription)")
        continue
      }
      let columns = DisplayWidth.of(line)
      if columns != size.columns {
        found.append("line \(index) is \(columns) columns, not \(size.columns): \(line.debugDescription)")
      }
      let drawn = DisplayWidth.ofCodePoints(line)
      if drawn != size.columns {
        found.append(
          "line \(index) is \(drawn) columns code point by code point, not \(size.columns): \(line.debugDescription)")
      }
    }
    if styled.lines.map(withoutStyles) != frame.lines {
      let index = zip(styled.lines, frame.lines).enumerated().first { withoutStyles($1.0) != $1.1 }?.offset
      let line = index.map { styled.lines[$0].debugDescription } ?? "\(styled.lines.count) lines"
      found.append("the styled frame is more than the plain one with styles, at \(line)")
    }
    return found
  }

  /// The line without the renderer's style sequences; an `ESC` that starts anything else stays.
  static func withoutStyles(_ line: String) -> String {
    guard line.utf8.contains(0x1B) else { return line }
    let scalars = Array(line.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      if scalars[index] == "\u{1B}",
        let style = styles.first(where: { scalars[(index + 1)...].starts(with: $0) })
      {
        index += 1 + style.count
        continue
      }
      result.append(scalars[index])
      index += 1
    }
    return String(result)
  }
}
