/// How many terminal columns text takes, so that a line can be cut to the terminal's width.
///
/// A character is 2 columns when it is East Asian wide or an emoji shown as one, 0 when it is
/// only combining marks or a zero-width control, else 1 — the rules of `wcwidth(3)`, which on
/// Linux answers only under a UTF-8 locale, in the few ranges that matter here.
///
/// ```swift
/// DisplayWidth.truncated("Fetching followers of octocat… page 3 of 12", toColumns: 20)
/// // "Fetching followers…"
/// ```
package enum DisplayWidth {
  /// The columns a character takes.
  package static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.contains(where: { $0.properties.isEmojiPresentation || isWide($0.value) }) { return 2 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: return 1
    }
  }

  /// The columns a string takes.
  package static func of(_ text: String) -> Int {
    // Printable ASCII, what most cells are, is one column a byte: no grapheme breaking needed.
    let utf8 = text.utf8
    if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return utf8.count }
    return text.reduce(0) { $0 + of($1) }
  }

  /// The text cut to at most `columns` columns, ending with `…` when it was cut.
  ///
  /// - Parameters:
  ///   - text: Printable text, without escape sequences or line breaks.
  ///   - columns: The most columns it may take.
  /// - Returns: The text, whole when it fits.
  package static func truncated(_ text: String, toColumns columns: Int) -> String {
    guard of(text) > columns else { return text }
    guard columns > 0 else { return "" }
    var result = ""
    var used = 0
    for character in text {
      let width = of(character)
      if used + width > columns - 1 { break }  // keep a column for the ellipsis
      result.append(character)
      used += width
    }
    return result + "…"
  }

  /// East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt, W and F).
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
      0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
