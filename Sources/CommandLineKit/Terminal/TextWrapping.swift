/// Word wrapping, the one wrapper of both tools: `--help` (laid out for an 80-column terminal)
/// and the browser's screen.
///
/// Lines break at spaces, never inside a word, and are measured in display columns
/// (``DisplayWidth``), so a wide character counts twice. A word longer than a whole line is
/// kept whole (a URL in `--help`, which the terminal wraps) or split where it reaches the edge
/// (``LongWords/split``: an error in a pane, where nothing may leave it).
///
/// ```swift
/// TextWrapping.lines("it resets at 13:50 UTC", width: 14)   // ["it resets at", "13:50 UTC"]
/// TextWrapping.wrap("OVERVIEW: Browse a user's followers.", indent: 2, width: 20)
/// ```
package enum TextWrapping {
  /// The width `--help` is wrapped to.
  package static let width = 80

  /// What becomes of a word longer than a line.
  package enum LongWords: Sendable {
    /// It stays whole on a line of its own, longer than the width.
    case keepWhole
    /// It is split where it reaches the width, a piece a line.
    case split
  }

  /// Wraps each line of `text` to `width` columns, indenting every line by `indent` spaces.
  ///
  /// Lines are broken at spaces only; a word longer than a line (a URL) stays whole. Newlines
  /// in `text` are kept, so an empty line separates paragraphs.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - indent: The spaces before every line.
  ///   - width: The longest line, indent included.
  /// - Returns: The wrapped lines joined with `\n`, without a trailing newline.
  package static func wrap(_ text: String, indent: Int = 0, width: Int = width) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { wrap(words: words(of: $0), indent: indent, width: width) }
      .joined(separator: "\n")
  }

  /// Lays out `words` one space apart on lines of at most `width` columns, each indented.
  ///
  /// - Parameters:
  ///   - words: The words, each kept whole (`[--limit <n>]` is one word of a usage line).
  ///   - indent: The spaces before every line.
  ///   - width: The longest line, indent included.
  /// - Returns: The lines joined with `\n`; empty when there are no words.
  package static func wrap(words: [String], indent: Int, width: Int = width) -> String {
    let margin = String(repeating: " ", count: indent)
    return lines(words: words, width: width - indent).map { margin + $0 }.joined(separator: "\n")
  }

  /// `text` broken at spaces into lines of at most `width` columns.
  ///
  /// - Parameters:
  ///   - text: One paragraph of printable text (sanitize server text first).
  ///   - width: The most columns a line takes.
  ///   - longWords: What becomes of a word longer than a line.
  ///   - maxLines: The most lines; the last one kept ends with `…` when text was left out.
  /// - Returns: The lines, without the spaces they were broken at; none for empty text, or
  ///   when `width` or `maxLines` is less than 1.
  package static func lines(
    _ text: String, width: Int, longWords: LongWords = .keepWhole, maxLines: Int = .max
  ) -> [String] {
    guard width > 0, maxLines > 0 else { return [] }
    var lines = lines(words: words(of: Substring(text)), width: width, longWords: longWords)
    if lines.count > maxLines {
      lines.removeLast(lines.count - maxLines)
      let last = lines[maxLines - 1]
      lines[maxLines - 1] =
        DisplayWidth.of(last) < width ? last + "…" : DisplayWidth.truncated(last + "…", toColumns: width)
    }
    return lines
  }

  /// `words` one space apart on lines of at most `width` columns.
  ///
  /// - Parameters:
  ///   - words: The words, none empty.
  ///   - width: The most columns a line takes.
  ///   - longWords: What becomes of a word longer than a line.
  /// - Returns: The lines.
  package static func lines(words: [String], width: Int, longWords: LongWords = .keepWhole) -> [String] {
    var lines: [String] = []
    var line = ""
    var used = 0
    for word in words {
      let columns = DisplayWidth.of(word)
      if !line.isEmpty, used + 1 + columns > width {
        lines.append(line)
        line = ""
        used = 0
      }
      if line.isEmpty, columns > width, longWords == .split {
        let pieces = split(word, width: width)
        lines += pieces.dropLast()
        line = pieces.last ?? ""
        used = DisplayWidth.of(line)
      } else if line.isEmpty {
        line = word
        used = columns
      } else {
        line += " " + word
        used += 1 + columns
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// The words of a line: what the spaces separate.
  private static func words(of line: Substring) -> [String] {
    line.split(separator: " ").map(String.init)
  }

  /// `word` cut into pieces of at most `width` columns (a character wider than that alone).
  private static func split(_ word: String, width: Int) -> [String] {
    var pieces: [String] = []
    var piece = ""
    var used = 0
    for character in word {
      let columns = DisplayWidth.of(character)
      if !piece.isEmpty, used + columns > width {
        pieces.append(piece)
        piece = ""
        used = 0
      }
      piece.append(character)
      used += columns
    }
    if !piece.isEmpty { pieces.append(piece) }
    return pieces
  }
}
