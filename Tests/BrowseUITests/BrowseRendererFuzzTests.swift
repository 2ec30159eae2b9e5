import BrowseUI
import CommandLineKit
import Foundation
import Testing

/// The properties `Fuzz/Sources/FuzzBrowseRenderer` checks, on its seeds and on every input it
/// found that broke one (`Fuzz/Corpus/FuzzBrowseRenderer`): each is played through a browser
/// fed its text, and every frame drawn must be exactly as wide as the terminal on every line
/// and hold no control character or escape from the data.
@MainActor
@Suite struct BrowseRendererFuzzTests {
  nonisolated static let corpus: [URL] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Fuzz/Corpus/FuzzBrowseRenderer").standardizedFileURL
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().map { folder.appendingPathComponent($0) }
  }()

  @Test func theCorpusIsThere() {
    #expect(Self.corpus.count >= 5, "Fuzz/Corpus/FuzzBrowseRenderer is missing or nearly empty")
  }

  @Test(arguments: corpus)
  func everyFrameKeepsItsProperties(file: URL) async throws {
    let input = BrowseFuzzInput(try Data(contentsOf: file))
    let drawn = await input.frames()
    #expect(drawn.count >= 3)
    for frame in drawn {
      #expect(frame.violations.isEmpty, "\(file.lastPathComponent) at \"\(frame.moment)\": \(frame.violations)")
    }
  }

  @Test func theSeedsReachEveryPartOfTheScreen() async throws {
    // What the seeds are for: the fuzzer starts from frames that show each field's text.
    var shown = ""
    for file in Self.corpus {
      for frame in await BrowseFuzzInput(try Data(contentsOf: file)).frames() {
        shown += frame.plain.lines.joined(separator: "\n")
      }
    }
    for text in [
      "followers of octocat › mona-lisa", "search users: octo", "The Octocat", "San Francisco", "! next page failed",
      "search failed", "^[]52;c;eA==^G", "bidi\\u{202E}gnp.exe", "follow failed", "terminal too small", "EVENTS",
    ] {
      #expect(shown.contains(text), "no seed shows \(text.debugDescription)")
    }
  }

  // MARK: - Findings (each input is also in the corpus, as `finding-…`)

  /// A cell is fitted alone, then put beside others: text whose first character would join the
  /// character before it (a skin tone alone, the fuzzer's first finding: `🏽👋🏿skin` as a login)
  /// or whose last would join the one after it (a prepended letter such as the Malayalam dot
  /// reph) made the line narrower than its cells. Such characters are dropped.
  @Test(arguments: [
    "🏽👋🏿skin", "\u{1F3FB}", "\u{1F3FF}\u{1F3FF}x", "\u{0D4E}reph", "reph\u{0D4E}", "ab\u{0D4E}\u{1F3FD}cd",
  ])
  func aCellBesideOthersKeepsItsWidth(text: String) {
    for cell in [Line.fit(text, width: 12), Line.fit(text, width: 3), Line.fitUntrusted(text + "…", width: 12)] {
      let line = "x " + cell + " x"
      let width = DisplayWidth.of(cell) + 4
      #expect(DisplayWidth.of(line) == width, "\(line.debugDescription)")
      #expect(DisplayWidth.ofCodePoints(line) == width, "\(line.debugDescription)")
    }
  }

  @Test func aBrokenFrameIsCaught() {
    let size = TerminalSize(columns: 4, rows: 2)
    let good = BrowseFrame(lines: ["abcd", "日本"], animates: false)
    #expect(BrowseFrameProperties.violations(of: good, styled: good, size: size).isEmpty)
    let styled = BrowseFrame(lines: ["\u{1B}[7mabcd\u{1B}[0m", "日本"], animates: false)
    #expect(BrowseFrameProperties.violations(of: good, styled: styled, size: size).isEmpty)

    let broken: [[String]] = [["abcde", "日本"], ["abc", "日本"], ["ab\u{1B}c", "日本"], ["abcd"], ["abcd", "👍🏽 "]]
    for lines in broken {
      let frame = BrowseFrame(lines: lines, animates: false)
      #expect(!BrowseFrameProperties.violations(of: frame, styled: frame, size: size).isEmpty, "\(lines)")
    }
    let foreign = BrowseFrame(lines: ["\u{1B}[2Jabcd", "日本"], animates: false)
    #expect(!BrowseFrameProperties.violations(of: good, styled: foreign, size: size).isEmpty)
  }
}
