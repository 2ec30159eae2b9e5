import ActionDispatch
import ActionDispatchTesting
import BrowseUI
import Foundation
import GitHubFollowers
import Testing

@testable import CommandLineKit

/// Text from every range the width tables got wrong, or that terminals draw at different widths,
/// in the list: the separator stays in its column. Golden frames at 60 columns, and every line the
/// same width under a terminal that measures code point by code point (tmux, xterm: a skin tone
/// is 2 more columns, a spacing vowel sign 1) as under one that measures whole characters.
@MainActor
@Suite struct WideTextGoldenTests {
  /// One follower per range, each login a few of its characters and a plain tail.
  struct WideService: FollowersService {
    static let logins = [
      "\u{FE10}\u{FE11}vertical", "🈐🈑squared", "𛀀𛀁kana", "\u{2329}angle\u{232A}", "ꥠꥡjamo-a",
      "x\u{1160}\u{115F}filler", "soft\u{AD}hyphen", "हिन्दी-devanagari", "👍🏽👋🏿skin", "👨‍👩‍👧family", "❤️heart",
    ]

    func followers(of user: GitHubUsername, page: Int, perPage: Int) async throws -> FollowersPage {
      let followers = Self.logins.enumerated().map { Follower(login: $1, id: $0 + 1, avatarURL: nil, htmlURL: nil) }
      return FollowersPage(followers: user == "octocat" ? followers : [], page: 1, lastPage: 1)
    }

    func followersPage(at url: URL) async throws -> FollowersPage {
      throw GitHubError.notFound(url.path)
    }

    func profile(of user: GitHubUsername) async throws -> UserProfile {
      let username = user.rawValue
      return UserProfile(
        login: username, id: 1, avatarURL: nil, htmlURL: nil, name: username, followers: 11, createdAt: nil)
    }

    func searchUsers(_ query: String) async throws -> UserSearchResult {
      UserSearchResult(totalCount: 0, items: [])
    }
  }

  static let golden = [
    " followers of octocat                           11 of 11 loaded",
    "    LOGIN                   │ PROFILE",
    "›   ︐︑vertical            │ ︐︑vertical",
    "    🈐🈑squared             │",
    // The selected login is no possible GitHub login: its profile is not asked for, and the
    // pane says why, in wide text of its own.
    "    𛀀𛀁kana                │ ! \"︐︑vertical\" is not a valid",
    "    〈angle〉               │ GitHub username: it contains \"︐\"",
    "    ꥠjamo-a                │ (U+FE10; only ASCII is allowed).",
    "    xfiller                 │ Usernames are 1 to 39 characters:…",
    "    softhyphen              │ r retries",
    "    हन्-devanagari           │",
    "    👍👋skin                │",
    "    👨family                │",
    "    ❤heart                  │",
  ]

  @Test func theSeparatorStaysInItsColumnWhateverTheTerminalCounts() async throws {
    let browser = BrowseViewModel(
      username: "octocat", service: WideService(), clock: TestClock(), profileDebounce: .zero,
      loadingIndicator: .immediate)
    await browser.start().value
    try await browser.current.followers.waitUntilAllIdle()
    try await browser.waitUntilAllIdle()
    try await browser.users.waitUntilAllIdle()
    let size = TerminalSize(columns: 64, rows: 20)

    let frame = BrowseRenderer.render(browser, size: size)

    let shown = frame.lines.prefix(Self.golden.count).map { line in
      var trimmed = Line.withoutStyles(line)
      while trimmed.hasSuffix(" ") { trimmed.removeLast() }
      return trimmed
    }
    #expect(Array(shown) == Self.golden)
    for line in frame.lines {
      #expect(Line.columns(of: line) == size.columns, "\(line)")
      #expect(DisplayWidth.ofCodePoints(Line.withoutStyles(line)) == size.columns, "per code point: \(line)")
    }
  }

  @Test func everyRangeHasItsWidthFromUnicodeData() {
    #expect(WidthTable.unicodeVersion == "15.0.0")
    let expected: [(String, Int)] = [
      ("\u{FE10}", 2), ("🈐", 2), ("𛀀", 2), ("\u{2329}", 2), ("\u{232A}", 2), ("ꥠ", 2), ("\u{1160}", 0),
      ("\u{3164}", 0), ("\u{AD}", 0), ("👍", 2), ("a\u{301}", 1), ("\u{200B}", 0), ("日", 2), ("a", 1),
    ]
    for (text, columns) in expected {
      #expect(DisplayWidth.of(Character(text)) == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
    // Drawn differently by different terminals: stand-ins of agreed width.
    #expect(DisplayWidth.settled("👍🏽") == "👍")
    #expect(DisplayWidth.settled("कि") == "क")
    #expect(DisplayWidth.settled("soft\u{AD}hyphen") == "softhyphen")
    #expect(DisplayWidth.settled("plain ascii") == "plain ascii")
    // What a dropped character separated must not join into a new character (found by
    // FuzzDisplayWidth): settled again, it would change.
    for text in ["A\u{AD}ि", "🇩🇪🇫", "👍\u{AD}🏽"] {
      let settled = DisplayWidth.settled(text)
      #expect(DisplayWidth.settled(settled) == settled, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }
}
