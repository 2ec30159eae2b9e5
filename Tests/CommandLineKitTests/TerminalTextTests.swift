import CommandLineKit
import Foundation
import Testing

/// `TerminalText`: what a terminal would act on is shown, everything else passes unchanged.
@Suite struct TerminalTextTests {
  @Test(arguments: [
    // The login of issue 11: clear screen, OSC 52 clipboard write, BEL, right-to-left override.
    ("x\u{1B}[2J\u{1B}]52;c;ZXZpbA==\u{07}pwned\u{202E}", #"x^[[2J^[]52;c;ZXZpbA==^Gpwned\u{202E}"#),
    // OSC 8 hyperlink, with ST written as ESC \.
    ("\u{1B}]8;;https://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\", #"^[]8;;https://evil.example^[\click^[]8;;^[\"#),
    // DCS, and the one-character C1 forms of CSI, OSC and ST.
    ("\u{1B}P1$r\u{1B}\\", #"^[P1$r^[\"#),
    ("a\u{9B}2Jb\u{9D}0;t\u{9C}", #"a\u{9B}2Jb\u{9D}0;t\u{9C}"#),
    // Carriage return, line feed, tab, backspace, DEL, NUL, unit separator.
    ("ok\rfake\n\tx\u{08}\u{7F}\u{0}\u{1F}", #"ok\rfake\n\tx^H^?^@^_"#),
    // Every bidi control, the Arabic letter mark, and the line and paragraph separators.
    (
      "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}\u{200E}\u{200F}\u{061C}\u{2028}\u{2029}",
      #"\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}\u{200E}\u{200F}\u{61C}\u{2028}\u{2029}"#
    ),
  ])
  func controlsAreShownVisibly(input: String, expected: String) {
    #expect(TerminalText.sanitized(input) == expected)
  }

  @Test(arguments: ["octocat", "Zoë Müller", "山田太郎", "👩‍💻 e\u{301}", #"back\slash ^[ \u{202E}"#, ""])
  func printableTextPassesUnchanged(text: String) {
    #expect(Array(TerminalText.sanitized(text).utf8) == Array(text.utf8))
  }

  // MARK: - The fuzzer's properties on its seeds (Fuzz/Corpus/FuzzTerminalText)

  static let corpus: [URL] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Fuzz/Corpus/FuzzTerminalText").standardizedFileURL
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().map { folder.appendingPathComponent($0) }
  }()

  @Test func theCorpusIsThere() {
    #expect(Self.corpus.count >= 5, "Fuzz/Corpus/FuzzTerminalText is missing or nearly empty")
  }

  @Test(arguments: corpus)
  func sanitizedKeepsItsProperties(file: URL) throws {
    let input = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    let output = TerminalText.sanitized(input)
    #expect(output.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F }, "a control byte in \(output.debugDescription)")
    #expect(!output.unicodeScalars.contains(where: TerminalText.needsEscaping))
    if !input.unicodeScalars.contains(where: TerminalText.needsEscaping) {
      #expect(Array(output.utf8) == Array(input.utf8))
    }
    #expect(TerminalText.sanitized(output) == output)
    let kept = input.unicodeScalars.filter { !TerminalText.needsEscaping($0) }
    var remaining = output.unicodeScalars[...]
    for scalar in kept {
      let index = try #require(remaining.firstIndex(of: scalar), "U+\(String(scalar.value, radix: 16)) dropped")
      remaining = remaining[remaining.index(after: index)...]
    }
  }
}
