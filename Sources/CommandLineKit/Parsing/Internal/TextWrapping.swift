/// Word wrapping for `--help`, which is laid out for an 80-column terminal.
package enum TextWrapping {
  /// The width `--help` is wrapped to.
  package static let width = 80

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
      .map { wrap(words: $0.split(separator: " ").map(String.init), indent: indent, width: width) }
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
    var lines: [String] = []
    var line = ""
    for word in words {
      if !line.isEmpty, indent + line.count + 1 + word.count > width {
        lines.append(margin + line)
        line = ""
      }
      line += line.isEmpty ? word : " \(word)"
    }
    if !line.isEmpty { lines.append(margin + line) }
    return lines.joined(separator: "\n")
  }
}
