import ActionDispatchTesting
import Foundation
import GitHubAPI
import GitHubAPITestSupport
import Testing

/// The properties the fuzzers in `Fuzz/` check, on the inputs they crashed on and on a handful
/// of nasty ones, so that `swift test` guards them without a fuzzer.
///
/// When `Fuzz/run` finds a crash: fix it, then add the input here (see `Fuzz/README.md`).
@Suite struct FuzzRegressionTests {
  // MARK: - Crashes found by the fuzzers

  /// FuzzJSON: an HTML error page with a long `<title>` gave a summary of up to 224
  /// characters (the title was cut at 200, then wrapped), not at most 200 as documented.
  @Test func longHTMLTitleKeepsTheSummaryWithin200Characters() async throws {
    let body = "<html><head><title>" + String(repeating: "502 Bad Gateway ", count: 20) + "</title></head></html>"
    let error = try #require(await clientError(status: 422, contentType: "text/html", body: Data(body.utf8)))
    guard case .unexpectedStatus(422, let message?) = error else {
      Issue.record("expected unexpectedStatus(422, message:), got \(error)")
      return
    }
    #expect(message.count <= 201)
    #expect(message.hasPrefix("an HTML page titled \"502 Bad Gateway 502"))
    #expect(message.hasSuffix("…\""))
  }

  /// FuzzJSON: fractional seconds were read but not written, so a profile did not survive a
  /// round trip through `JSONEncoder` and `JSONDecoder`. Dates are now whole seconds.
  @Test(arguments: [
    "2011-01-25T18:44:36.5Z", "1969-12-31T23:59:59.5Z", "2011-01-25T18:44:36.123456789+14:00",
    "99999-12-31T23:59:59.999Z",
  ])
  func profileWithFractionalSecondsRoundTrips(date: String) throws {
    let json = GitHubJSON.octocatProfile.replacingOccurrences(of: "2011-01-25T18:44:36Z", with: date)
    let profile = try JSONDecoder().decode(UserProfile.self, from: Data(json.utf8))
    let createdAt = try #require(profile.createdAt)
    #expect(createdAt.timeIntervalSince1970 == createdAt.timeIntervalSince1970.rounded(.down))
    try expectRoundTrip(Data(json.utf8), as: UserProfile.self)
  }

  // MARK: - Link header

  static let nastyLinkHeaders: [String] = [
    "",
    "<>; rel=",
    "<",
    ">",
    "<<<>>>",
    ";;;,,,===\"\"\"",
    "<https://x.test/?page=2>; rel=\"next",
    "<https://x.test/?page=2>; rel=\"next\\",
    "<https://x.test/?page=2>; rel=next; rel=last",
    "<https://x.test/?page=0>; rel=last",
    "<https://x.test/?page=-1>; rel=last",
    "<https://x.test/?page=99999999999999999999>; rel=last",
    "<https://x.test/?page=2&page=3>; rel=last",
    "< https://x.test/a b >; rel=next",
    "<https://x.test/é?page=2>; rel=\"next\"",
    "<http://[::1>; rel=next",
    "<%>; rel=next",
    "<a>; rel=\"next\"\u{0}<b>; rel=\"last\"",
    String(
      decoding: [0x3C, 0xFF, 0xFE, 0x3E, 0x3B, 0x20, 0x72, 0x65, 0x6C, 0x3D, 0x6E, 0x65, 0x78, 0x74], as: UTF8.self),
    String(repeating: "<", count: 50_000),
    String(repeating: "<https://x.test/?page=2>; rel=next, ", count: 5_000),
    String(repeating: "<a>;", count: 10_000) + String(repeating: "\"", count: 10_001),
  ]

  @Test(arguments: nastyLinkHeaders)
  func linkHeaderKeepsItsProperties(header: String) {
    let link = LinkHeader(parsing: header)
    let targets = Self.bracketedTargets(in: header)
    for url in [link.next, link.prev, link.first, link.last].compactMap({ $0 }) {
      #expect(targets.contains(url), "\(url) is not written in the header")
    }
    if let page = link.lastPage {
      #expect(link.last != nil)
      #expect(page >= 1)
    }
    #expect(link.isEmpty == (link.next == nil && link.prev == nil && link.first == nil && link.last == nil))
    #expect(LinkHeader(parsing: link.headerValue) == link)
  }

  /// For each "<", the trimmed text up to the next ">": what the parser may return.
  static func bracketedTargets(in text: String) -> Set<URL> {
    let bytes = Array(text.utf8)
    var urls = Set<URL>()
    for start in bytes.indices where bytes[start] == UInt8(ascii: "<") {
      guard let end = bytes[(start + 1)...].firstIndex(of: UInt8(ascii: ">")) else { break }
      let target = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      if let url = URL(string: target) { urls.insert(url) }
    }
    return urls
  }

  // MARK: - Usernames

  static let nastyUsernames: [String] = [
    "", "-", "a", "a-", "a--b", String(repeating: "z", count: 39), String(repeating: "z", count: 40),
    String(repeating: "9", count: 100_000), "\u{0}", "a\u{0}", "e\u{301}", "\u{FF21}", "\u{212A}",
    "octocat\u{200B}", String(decoding: [0x6F, 0xC0, 0xAF, 0x63], as: UTF8.self),
  ]

  @Test(arguments: nastyUsernames)
  func usernameAgreesWithTheDocumentedRule(name: String) throws {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-".utf8)
    let bytes = Array(name.utf8)
    let expected =
      (1...39).contains(bytes.count) && bytes.first != UInt8(ascii: "-") && bytes.allSatisfy(allowed.contains)
    #expect(GitHubUsername.isValid(name) == expected)
    if expected {
      #expect(Array(try GitHubUsername.validate(name).utf8) == bytes)
    } else {
      #expect(throws: GitHubError.self) { try GitHubUsername.validate(name) }
    }
  }

  // MARK: - JSON

  static let nastyJSON: [Data] = [
    Data(),
    Data([0xFF, 0xFE, 0x00, 0x7B]),
    Data("{".utf8),
    Data("null".utf8),
    Data(#"{"message":null}"#.utf8),
    Data(#"{"message":"\u0000\ud800 line\nbreak\u2028"}"#.utf8),
    Data((#"{"message":""# + String(repeating: "secondary rate limit\n", count: 1_000) + #""}"#).utf8),
    Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8),
    Data((String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)).utf8),
    Data("<html><title></title>".utf8),
    Data("<HTML><TITLE>\n\t</TITLE>".utf8),
    Data(GitHubJSON.octocatProfile.replacingOccurrences(of: "583231", with: "1e2").utf8),
    Data(GitHubJSON.octocatProfile.replacingOccurrences(of: "583231", with: "9223372036854775808").utf8),
    Data(GitHubJSON.octocatProfile.replacingOccurrences(of: #""octocat""#, with: #""\ud83d""#).utf8),
    Data(#"{"total_count":-1,"incomplete_results":true,"items":[]}"#.utf8),
    Data(("[" + GitHubJSON.follower("a", id: 1).dropLast() + #","score":-0.0}]"#).utf8),
    Data(("[" + GitHubJSON.follower("a", id: 1).dropLast() + #","score":1e-320}]"#).utf8),
  ]

  @Test(arguments: nastyJSON)
  func jsonDecodingKeepsItsProperties(body: Data) async throws {
    try expectRoundTrip(body, as: [Follower].self)
    try expectRoundTrip(body, as: Follower.self)
    try expectRoundTrip(body, as: UserSearchResult.self)
    let direct = try expectRoundTrip(body, as: UserProfile.self)

    switch await clientResult(status: 200, contentType: "application/json", body: body) {
    case .success(let profile):
      #expect(profile == direct)
    case .failure(.undecodableResponse(let detail)):
      #expect(direct == nil)
      expectOneLine(detail, limit: 400)
    case .failure(let error):
      Issue.record("a 200 gave \(error)")
    }
    for (status, contentType) in [(422, "application/json"), (403, "text/html")] {
      switch await clientResult(status: status, contentType: contentType, body: body) {
      case .failure(.unexpectedStatus(status, let message)):
        if let message { expectOneLine(message, limit: 200) }
      case .failure(.secondaryRateLimit(retryAfter: nil)) where status == 403:
        break
      case let other:
        Issue.record("HTTP \(status) gave \(other)")
      }
    }
  }

  // MARK: - Helpers

  /// Decodes `T`, and when that works, checks that it encodes and decodes to an equal value.
  @discardableResult
  private func expectRoundTrip<T: Codable & Equatable>(_ body: Data, as type: T.Type) throws -> T? {
    guard let value = try? JSONDecoder().decode(T.self, from: body) else { return nil }
    let decoded = try JSONDecoder().decode(T.self, from: try JSONEncoder().encode(value))
    #expect(decoded == value)
    return value
  }

  private func expectOneLine(_ text: String, limit: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!text.isEmpty, sourceLocation: sourceLocation)
    let hasLineBreak = text.contains(where: \.isNewline)
    #expect(!hasLineBreak, "\(text.debugDescription)", sourceLocation: sourceLocation)
    #expect(text.count <= limit + 1, "\(text.count) characters", sourceLocation: sourceLocation)
  }

  private func clientResult(status: Int, contentType: String, body: Data) async -> Result<UserProfile, GitHubError> {
    let http = StubHTTPClient(
      always: HTTPResponse(statusCode: status, headers: ["Content-Type": contentType], body: body))
    let client = GitHubClient(configuration: .init(maxRetries: 0, clock: ImmediateClock()), httpClient: http)
    do {
      return .success(try await client.profile(of: "octocat"))
    } catch let error as GitHubError {
      return .failure(error)
    } catch {
      Issue.record("the client threw \(error)")
      return .failure(.transport("\(error)"))
    }
  }

  private func clientError(status: Int, contentType: String, body: Data) async -> GitHubError? {
    if case .failure(let error) = await clientResult(status: status, contentType: contentType, body: body) {
      return error
    }
    return nil
  }
}
