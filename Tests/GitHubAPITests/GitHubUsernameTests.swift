import ActionDispatchTesting
import Foundation
import GitHubAPI
import GitHubAPITestSupport
import Testing

@Suite struct GitHubUsernameTests {
  /// Names that must never reach the network.
  static let invalid: [String] = [
    "",
    "../x",
    "..",
    ".",
    "/",
    "octo/cat",
    "octocat/followers",
    "?",
    "octocat?page=2",
    "%",
    "%2e%2e",
    "#",
    "octo#cat",
    " ",
    " octocat",
    "octocat ",
    "a b",
    "a\nb",
    "octocat\n",
    "\t",
    "_",
    "octo_cat",
    "octo.cat",
    "ö",
    "jörg",
    "e\u{301}",
    "😀",
    "octo😀cat",
    "ｏｃｔｏ",  // full-width letters
    "octo\u{200B}cat",  // zero-width space
    "\u{0}",
    "a\u{7F}",
    "-octocat",
    "-",
    String(repeating: "a", count: 40),
    String(repeating: "a", count: 10_000),
    "@octocat",
    "octo:cat",
    "a\\b",
    "\"",
  ]

  @Test(arguments: invalid)
  func invalidNameIsRejectedWithAReason(name: String) {
    #expect(throws: GitHubError.self) { try GitHubUsername.validate(name) }
    do {
      try GitHubUsername.validate(name)
    } catch {
      guard case .invalidUsername(let given, let reason) = error else {
        Issue.record("expected .invalidUsername, got \(error)")
        return
      }
      #expect(given == name)
      #expect(!reason.isEmpty)
      #expect(error.description.count < 400)
      #expect(!error.description.contains("\n"))
    }
    #expect(!GitHubUsername.isValid(name))
  }

  @Test(arguments: invalid)
  func invalidNameSendsNoRequest(name: String) async {
    let http = StubHTTPClient(always: .json("[]"))
    let client = GitHubClient(configuration: .init(clock: ImmediateClock()), httpClient: http)
    await #expect(throws: GitHubError.self) {
      try await client.followers(of: GitHubUsername(name), page: 1, perPage: 30)
    }
    await #expect(throws: GitHubError.self) { try await client.profile(of: GitHubUsername(name)) }
    await #expect(throws: GitHubError.self) {
      for try await _ in client.allFollowers(of: try GitHubUsername(name), perPage: 30, concurrency: 4) {}
    }
    #expect(http.requestCount == 0)
  }

  @Test(arguments: [
    "a", "Z", "7", "octocat", "mona-lisa", "a-b-c", "A1-b2", "octocat-", "a--b",
    String(repeating: "a", count: 39), "x" + String(repeating: "-", count: 38),
  ])
  func validNameIsReturnedUnchanged(name: String) throws {
    #expect(try GitHubUsername.validate(name) == name)
    #expect(try GitHubUsername(name).rawValue == name)
  }

  @Test func reasonsSayWhatIsWrong() {
    func reason(_ name: String) -> String {
      do {
        try GitHubUsername.validate(name)
        return ""
      } catch {
        guard case .invalidUsername(_, let reason) = error else { return "" }
        return reason
      }
    }
    #expect(reason("") == "it is empty")
    #expect(reason(String(repeating: "a", count: 40)) == "it is 40 characters long, and the longest is 39")
    #expect(reason("a b") == "it contains a space")
    #expect(reason("a/b").contains("\"/\""))
    #expect(reason("jörg").contains("U+00F6"))
    #expect(reason("-x") == "it starts with a hyphen")
  }

  @Test func descriptionEscapesControlCharacters() {
    let error = GitHubError.invalidUsername("a\nb", reason: "it contains a line break")
    #expect(error.description.hasPrefix(#""a\nb" is not a valid GitHub username: it contains a line break."#))
  }
}
