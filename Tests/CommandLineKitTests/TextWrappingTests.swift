import CommandLineKit
import Testing

/// `TextWrapping`, the one wrapper of `--help` and the browser: lines break between words,
/// measured in display columns.
@Suite struct TextWrappingTests {
  @Test func breaksBetweenWordsNeverInsideOne() {
    // Issue 32: the pane showed "resets at 1" / "3:50 UTC".
    #expect(TextWrapping.lines("it resets at 13:50 UTC", width: 11) == ["it resets", "at 13:50", "UTC"])
    #expect(TextWrapping.lines("it resets at 13:50 UTC", width: 14) == ["it resets at", "13:50 UTC"])
  }

  @Test func measuresWideCharactersInColumns() {
    // Each of 東京 and 大阪 takes 4 columns: two of them and a space are 9.
    #expect(TextWrapping.lines("東京 大阪 名前", width: 9) == ["東京 大阪", "名前"])
    #expect(TextWrapping.lines("東京 大阪 名前", width: 8) == ["東京", "大阪", "名前"])
  }

  @Test func aWordLongerThanALineStaysWholeOrIsSplitAtTheEdge() {
    let text = "see https://docs.github.com/rest now"
    #expect(TextWrapping.lines(text, width: 10) == ["see", "https://docs.github.com/rest", "now"])
    #expect(
      TextWrapping.lines(text, width: 10, longWords: .split) == ["see", "https://do", "cs.github.", "com/rest", "now"])
    #expect(TextWrapping.lines("日本語の名前", width: 5, longWords: .split) == ["日本", "語の", "名前"])
  }

  @Test func theLastLineKeptEndsWithAnEllipsisWithinTheWidth() {
    #expect(TextWrapping.lines("one two three four", width: 9, maxLines: 1) == ["one two…"])
    #expect(TextWrapping.lines("three four five", width: 5, maxLines: 2) == ["three", "four…"])
    #expect(TextWrapping.lines("seven eleven", width: 6, maxLines: 1) == ["seven…"])
    #expect(TextWrapping.lines("abcdef ghi", width: 6, maxLines: 1) == ["abcde…"])
    #expect(TextWrapping.lines("one two", width: 9, maxLines: 1) == ["one two"])
    #expect(TextWrapping.lines("anything", width: 0).isEmpty)
  }

  @Test func helpKeepsItsIndentAndParagraphs() {
    #expect(
      TextWrapping.wrap("Lists the followers of a user.\n\nPages come in order.", indent: 2, width: 20)
        == "  Lists the\n  followers of a\n  user.\n\n  Pages come in\n  order.")
    #expect(
      TextWrapping.wrap(words: ["followers", "<username>", "[--limit <n>]"], indent: 4, width: 30)
        == "    followers <username>\n    [--limit <n>]")
  }
}
