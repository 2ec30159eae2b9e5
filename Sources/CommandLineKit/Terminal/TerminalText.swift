/// Makes text from a server safe to write to a terminal: every character a terminal would
/// act on instead of show is replaced by a visible escape.
///
/// Everything a server sends is untrusted: a follower chooses their own login, name and bio,
/// and a proxy or a compromised server can send anything. Written raw, `ESC [2J` clears the
/// screen, `ESC ]52;c;…` overwrites the clipboard, `ESC ]8;;…` hides a link behind harmless
/// text and U+202E reverses what follows. ``sanitized(_:)`` shows them instead:
///
/// ```swift
/// TerminalText.sanitized("x\u{1B}[2J\u{1B}]52;c;ZXZpbA==\u{07}pwned\u{202E}")
/// // x^[[2J^[]52;c;ZXZpbA==^Gpwned\u{202E}
/// ```
///
/// | what | shown as |
/// |---|---|
/// | tab, line feed, carriage return | `\t`, `\n`, `\r` |
/// | the other C0 controls, ESC included (so CSI, OSC, DCS, APC, PM and SOS sequences are inert) | caret notation: `^@` … `^_`, ESC as `^[`, BEL as `^G`, backspace as `^H` |
/// | DEL | `^?` |
/// | the C1 controls U+0080–U+009F (a one-character CSI, OSC, DCS, ST …) | `\u{9B}` |
/// | bidi controls U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069, and the line and paragraph separators U+2028, U+2029 | `\u{202E}` |
///
/// Every other character, printable ASCII and non-ASCII letters, emoji and combining marks
/// included, passes unchanged, so text with nothing to escape comes back identical. The
/// escapes are themselves printable, so sanitizing twice changes nothing more. This is stricter
/// than the GitHub CLI's `asciisanitizer`, which leaves tab, line feed, vertical tab, carriage
/// return, DEL and the bidi controls raw and shows C1 controls like the C0 ones.
///
/// > Important: Sanitize at the edge where text meets a person (a table cell, a profile line,
/// > an error message), not where it is stored: `--json` output and the models keep the exact
/// > text.
package enum TerminalText {
  /// The text with every character that ``needsEscaping(_:)`` replaced by a visible escape.
  ///
  /// - Parameter text: Text from a server (or anyone else).
  /// - Returns: The text to write; `text` itself when it has nothing to escape.
  package static func sanitized(_ text: String) -> String {
    // Printable ASCII, what most text is, has nothing to escape: checked a byte at a time.
    guard !text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }),
      text.unicodeScalars.contains(where: needsEscaping)
    else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if needsEscaping(scalar) {
        result.append(contentsOf: escape(scalar).unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// Whether a terminal could act on a character rather than show it.
  ///
  /// - Parameter scalar: A Unicode scalar.
  /// - Returns: `true` for the C0 controls, DEL, the C1 controls, the bidi controls and the
  ///   line and paragraph separators.
  package static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
    default: false
    }
  }

  private static func escape(_ scalar: Unicode.Scalar) -> String {
    switch scalar.value {
    case 0x09: return "\\t"
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x00...0x1F: return "^" + String(Unicode.Scalar(UInt8(scalar.value) + 0x40))
    case 0x7F: return "^?"
    default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
  }
}
