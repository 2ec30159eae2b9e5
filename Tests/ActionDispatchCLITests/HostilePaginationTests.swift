import FakeGitHubServer
import Foundation
import Testing

/// A server whose pages cannot be trusted: links to another origin are refused with nothing
/// sent there, and cycles, empty pages that link on, repeated pages and more pages than `last`
/// or `--limit` justify stop the list with exit 1 and a count of what was listed; duplicates
/// are listed once, with a note; `--max-pages` stops with a note.
@Suite struct HostilePaginationTests {
  /// One page as the test's server answers it: follower ids, and the pages its links name.
  struct Page: Sendable {
    var ids: [Int]
    var next: Int? = nil
    var last: Int? = nil
  }

  let server: FakeGitHubServer

  init() throws {
    server = try FakeGitHubServer()
  }

  /// Serves `/users/mona/followers?page=N` from `pages(N)`: followers named `f<id>`, with a
  /// `Link` header on `linkBase` (this server unless told otherwise).
  func serve(linkBase: String? = nil, _ pages: @escaping @Sendable (Int) -> Page) {
    let base = linkBase ?? server.baseURL.absoluteString
    server.setHandler { request in
      guard request.path == "/users/mona/followers" else { return nil }
      let number = Int(request.queryItems["page"] ?? "1") ?? 1
      let perPage = request.queryItems["per_page"] ?? "30"
      let page = pages(number)
      let links = [("next", page.next), ("last", page.last)].compactMap { rel, target in
        target.map { "<\(base)/users/mona/followers?per_page=\(perPage)&page=\($0)>; rel=\"\(rel)\"" }
      }
      return .accounts(
        page.ids.map { ("f\($0)", $0, "User") }, link: links.isEmpty ? nil : links.joined(separator: ", "))
    }
  }

  func run(_ arguments: [String]) async throws -> CLIResult {
    try await CLIProcess.run(["followers", "mona"] + arguments + ["--api-url", server.baseURL.absoluteString])
  }

  /// The table for followers `f<id>`, as the tool prints it.
  static func table(_ ids: some Sequence<Int>) -> String {
    let logins = ids.map { "f\($0)" }
    let width = logins.map(\.count).reduce("LOGIN".count, max)
    func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: width - text.count) }
    return
      ([padded("LOGIN", width) + "  " + padded("TYPE", 12) + "  URL"]
      + logins.map { padded($0, width) + "  " + padded("User", 12) + "  https://github.com/\($0)" })
      .map { $0 + "\n" }.joined()
  }

  static func stopped(_ reason: String, listed: Int) -> String {
    "error: Stopped following the server's pages: \(reason). "
      + "Its pagination cannot be trusted; check the API URL, or try again later.\n"
      + "note: listed \(listed == 1 ? "1 follower" : "\(listed) followers") before the error; "
      + "the list above is incomplete.\n"
  }

  @Test func nextLinkToAnotherOriginIsRefusedAndNothingIsSentThere() async throws {
    let elsewhere = try FakeGitHubServer()
    serve(linkBase: elsewhere.baseURL.absoluteString) { page in Page(ids: [page * 10 + 1, page * 10 + 2], next: 2) }
    let result = try await run(["--all"])
    let reason =
      "a page link leads to \(Self.origin(elsewhere)), not to the API at \(Self.origin(server)); "
      + "it was not followed, and nothing was sent there"
    #expect(result == CLIResult(stdout: Self.table([11, 12]), stderr: Self.stopped(reason, listed: 2), status: 1))
    #expect(elsewhere.requestCount == 0)
    #expect(server.requestCount == 1)
  }

  @Test func lastLinkToAnotherOriginIsRefusedWithConcurrency() async throws {
    let elsewhere = try FakeGitHubServer()
    serve(linkBase: elsewhere.baseURL.absoluteString) { page in Page(ids: [page * 10 + 1], next: 2, last: 3) }
    let result = try await run(["--all", "--concurrency", "2"])
    let reason =
      "a page link leads to \(Self.origin(elsewhere)), not to the API at \(Self.origin(server)); "
      + "it was not followed, and nothing was sent there"
    #expect(result == CLIResult(stdout: Self.table([11]), stderr: Self.stopped(reason, listed: 1), status: 1))
    #expect(elsewhere.requestCount == 0)
    #expect(server.requestCount == 1)
  }

  @Test func aCycleEndsWithExit1AndSaysHowManyWereListed() async throws {
    serve { page in Page(ids: [page * 10 + 1, page * 10 + 2], next: page == 3 ? 2 : page + 1) }
    let result = try await run(["--all"])
    let reason =
      "page 3 links back to a page already fetched (\(server.baseURL.absoluteString)"
      + "/users/mona/followers?per_page=100&page=2)"
    #expect(
      result
        == CLIResult(stdout: Self.table([11, 12, 21, 22, 31, 32]), stderr: Self.stopped(reason, listed: 6), status: 1))
    #expect(server.requestCount == 3)
  }

  @Test func aTwoPageCycleWithAHugeLimitStopsAtOnce() async throws {
    serve { page in Page(ids: page == 1 ? [1, 2] : [3, 4], next: page == 1 ? 2 : 1) }
    let result = try await run(["--limit", "1000000"])
    // Page 1 was the first request: a link back to it is a cycle, not a third request.
    let reason =
      "page 2 links back to a page already fetched (\(server.baseURL.absoluteString)"
      + "/users/mona/followers?per_page=30&page=1)"
    #expect(result == CLIResult(stdout: Self.table(1...4), stderr: Self.stopped(reason, listed: 4), status: 1))
    #expect(server.requestCount == 2)
  }

  @Test func anEmptyPageThatLinksOnStops() async throws {
    serve { page in Page(ids: page == 1 ? [1, 2] : [], next: page + 1) }
    let result = try await run(["--all"])
    let reason =
      "page 2 is empty but links to another (\(server.baseURL.absoluteString)"
      + "/users/mona/followers?per_page=100&page=3)"
    #expect(result == CLIResult(stdout: Self.table([1, 2]), stderr: Self.stopped(reason, listed: 2), status: 1))
    #expect(server.requestCount == 2)
  }

  @Test func theSamePageUnderEverNewURLsStops() async throws {
    serve { page in Page(ids: [1, 2], next: page + 1) }
    let result = try await run(["--all"])
    let reason = "page 2 repeats followers already listed and adds none"
    #expect(result == CLIResult(stdout: Self.table([1, 2]), stderr: Self.stopped(reason, listed: 2), status: 1))
    #expect(server.requestCount == 2)
  }

  @Test func morePagesThanTheFirstPageClaimedStop() async throws {
    serve { page in Page(ids: [page * 10 + 1], next: page + 1, last: page == 1 ? 2 : nil) }
    let result = try await run(["--all"])
    let reason = "the server has sent 3 pages and links to another, though its first page said there were 2"
    #expect(result == CLIResult(stdout: Self.table([11, 21, 31]), stderr: Self.stopped(reason, listed: 3), status: 1))
    #expect(server.requestCount == 3)
  }

  @Test func morePagesThanTheLimitJustifiesStop() async throws {
    serve { page in Page(ids: Array((page * 100 + 1)...(page * 100 + 10)), next: page + 1) }
    let result = try await run(["--limit", "60"])
    let reason =
      "3 pages brought only 30 different followers of the 60 asked for, though 2 pages of 30 should have "
      + "been enough"
    let ids = (101...110).map { $0 } + (201...210) + (301...310)
    #expect(result == CLIResult(stdout: Self.table(ids), stderr: Self.stopped(reason, listed: 30), status: 1))
    #expect(server.requestCount == 3)
  }

  @Test func aHugeLastWithConcurrencyPlansNoMoreThanItsPagesProve() async throws {
    serve { page in Page(ids: page == 1 ? [1, 2] : [], next: page + 1, last: 1_000_000_000) }
    let result = try await run(["--all", "--concurrency", "4"])
    let reason = "page 2 is empty, though the first page said there were 1000000000 pages"
    #expect(result == CLIResult(stdout: Self.table([1, 2]), stderr: Self.stopped(reason, listed: 2), status: 1))
    #expect(server.requestCount <= 5)
  }

  @Test func overlappingPagesListEachFollowerOnceAndSaySo() async throws {
    serve { page in page == 1 ? Page(ids: [1, 2, 3, 4], next: 2, last: 2) : Page(ids: [3, 4, 5, 6]) }
    let result = try await run(["--all"])
    let note = "note: the server listed 2 followers again on a later page; each follower is listed once.\n"
    #expect(result == CLIResult(stdout: Self.table(1...6), stderr: note, status: 0))
  }

  @Test func maxPagesStopsWithANote() async throws {
    serve { page in Page(ids: [page * 10 + 1, page * 10 + 2], next: page + 1) }
    let result = try await run(["--all", "--max-pages", "2"])
    let note = "note: stopped after 2 pages (--max-pages 2); mona has more followers.\n"
    #expect(result == CLIResult(stdout: Self.table([11, 12, 21, 22]), stderr: note, status: 0))
    #expect(server.requestCount == 2)
  }

  @Test func jsonListsEachFollowerOnceToo() async throws {
    serve { page in page == 1 ? Page(ids: [1, 2], next: 2) : Page(ids: [2, 3]) }
    let result = try await run(["--all", "--json"])
    let ids = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    #expect(ids?.compactMap { $0["id"] as? Int } == [1, 2, 3])
    #expect(
      result.stderr == "note: the server listed 1 follower again on a later page; each follower is listed once.\n")
    #expect(result.status == 0)
  }

  static func origin(_ server: FakeGitHubServer) -> String {
    "http://127.0.0.1:\(server.port)"
  }
}
