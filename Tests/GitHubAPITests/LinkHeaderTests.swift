import Foundation
import GitHubAPI
import GitHubAPITestSupport
import Testing

@Suite struct LinkHeaderTests {
  @Test func parsesGitHubsFormat() {
    let header = """
      <https://api.github.com/user/583231/followers?per_page=30&page=1>; rel="prev", \
      <https://api.github.com/user/583231/followers?per_page=30&page=3>; rel="next", \
      <https://api.github.com/user/583231/followers?per_page=30&page=719>; rel="last", \
      <https://api.github.com/user/583231/followers?per_page=30&page=1>; rel="first"
      """
    let link = LinkHeader(parsing: header)
    #expect(link.next?.absoluteString == "https://api.github.com/user/583231/followers?per_page=30&page=3")
    #expect(link.prev?.absoluteString == "https://api.github.com/user/583231/followers?per_page=30&page=1")
    #expect(link.first?.absoluteString == "https://api.github.com/user/583231/followers?per_page=30&page=1")
    #expect(link.last?.absoluteString == "https://api.github.com/user/583231/followers?per_page=30&page=719")
    #expect(link.lastPage == 719)
  }

  @Test func firstPageHasOnlyNextAndLast() {
    let link = LinkHeader(parsing: #"<https://x.test/f?page=2>; rel="next", <https://x.test/f?page=4>; rel="last""#)
    #expect(link.prev == nil)
    #expect(link.first == nil)
    #expect(link.lastPage == 4)
  }

  @Test func lastPageHasNoNextAndNoLastPageNumber() {
    let link = LinkHeader(parsing: #"<https://x.test/f?page=3>; rel="prev", <https://x.test/f?page=1>; rel="first""#)
    #expect(link.next == nil)
    #expect(link.last == nil)
    #expect(link.lastPage == nil)
  }

  @Test func acceptsBareCaseInsensitiveRelsExtraParametersAndLineBreaks() {
    let header = "<https://x.test/a?page=2>;  REL=Next ; title=\"a, b; c\",\n\t<https://x.test/a?page=9>;rel=\"LAST\""
    let link = LinkHeader(parsing: header)
    #expect(link.next?.absoluteString == "https://x.test/a?page=2")
    #expect(link.lastPage == 9)
  }

  @Test func oneLinkMayCarrySeveralRelations() {
    let link = LinkHeader(parsing: #"<https://x.test/a?page=2>; rel="next last""#)
    #expect(link.next == link.last)
    #expect(link.lastPage == 2)
  }

  @Test func commasAndSemicolonsInsideTheURLAreKept() {
    let link = LinkHeader(parsing: #"<https://x.test/a;b?q=1,2&page=2>; rel="next""#)
    #expect(link.next?.absoluteString == "https://x.test/a;b?q=1,2&page=2")
  }

  @Test func firstOccurrenceOfARelationWins() {
    let link = LinkHeader(parsing: #"<https://x.test/1>; rel="next", <https://x.test/2>; rel="next""#)
    #expect(link.next?.absoluteString == "https://x.test/1")
  }

  @Test(
    arguments: [
      nil, "", " ", ",", ";", "<", ">", "<>", "<>; rel=next", "rel=\"next\"",
      "https://x.test/a; rel=\"next\"", "<https://x.test/a>", "<https://x.test/a>; rel",
      "<https://x.test/a>; rel=", "<https://x.test/a>; rel=\"next", "<https://x.test/a; rel=\"next\"",
      "<https://x.test/a>; rel=\"unknown\"", "<<<>>>;;;,,,\"\"\"", "\u{0}<\u{0}>\u{0};rel=next",
      "<💥>; rel=\"next\"", String(repeating: "<a>; rel=\"x\", ", count: 2_000),
      String(repeating: "\\", count: 1_000), "<https://x.test/a>; rel=\"next\\",
    ] as [String?])
  func garbageNeverCrashesAndGivesNoUsableNextOrLast(header: String?) {
    let link = LinkHeader(parsing: header)
    #expect(link.last == nil)
    if let next = link.next { #expect(next.absoluteString != "") }
    #expect(link.lastPage == nil)
  }

  @Test func missingRelsLeaveNilsNotGuesses() {
    let link = LinkHeader(parsing: #"<https://x.test/a?page=2>; title="next""#)
    #expect(link.isEmpty)
  }

  @Test(arguments: ["page=0", "page=-1", "page=abc", "page=", "p=3", "page=99999999999999999999999"])
  func unreadableLastPageNumberIsNil(query: String) {
    let link = LinkHeader(parsing: "<https://x.test/a?\(query)>; rel=\"last\"")
    #expect(link.last != nil)
    #expect(link.lastPage == nil)
  }

  @Test func headerValueRoundTrips() {
    let link = LinkHeader(next: URL("https://x.test/a?page=2"), last: URL("https://x.test/a?page=5"))
    #expect(link.headerValue == #"<https://x.test/a?page=2>; rel="next", <https://x.test/a?page=5>; rel="last""#)
    #expect(LinkHeader(parsing: link.headerValue) == link)
  }

  @Test func randomBytesNeverCrash() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("<>;,=\" \t\nrelnxtpagsfi:/?&\\ab1😀".unicodeScalars)
    for _ in 0..<2_000 {
      let length = Int.random(in: 0..<80, using: &generator)
      var text = String.UnicodeScalarView()
      for _ in 0..<length { text.append(alphabet.randomElement(using: &generator)!) }
      _ = LinkHeader(parsing: String(text)).lastPage
    }
  }
}
