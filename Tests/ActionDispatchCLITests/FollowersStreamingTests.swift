import FakeGitHubServer
import Foundation
import Testing

/// `followers --all` and `--json` stream: the JSON array is valid wherever the list is cut,
/// a follower listed twice is listed once whether pages come one at a time or four at once,
/// `--concurrency 4` keeps the server's order when pages arrive out of order, and a server
/// that never ends is stopped.
@Suite struct FollowersStreamingTests {
  let server: FakeGitHubServer

  init() throws {
    server = try FakeGitHubServer()
  }

  func run(_ arguments: [String]) async throws -> CLIResult {
    try await CLIProcess.run(["followers", "mona"] + arguments + ["--api-url", server.baseURL.absoluteString])
  }

  /// Pages of 100 (`--all`); page `failingPage` answers 502. Cut after 0, 1 and 7 pages.
  @Test(arguments: [1, 2, 8])
  func jsonIsOneValidArrayWhereverAPageFails(failingPage: Int) async throws {
    server.addUser("mona", followers: 1_000)
    server.setHandler { request in
      request.queryItems["page"] == String(failingPage) ? .serverError(502) : nil
    }
    let result = try await run(["--all", "--json"])
    let written = (failingPage - 1) * 100
    #expect(result.status == 1)
    let decoded = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    #expect(decoded?.map { $0["login"] as? String } == (0..<written).map { "mona-follower-\($0 + 1)" })
    #expect(result.stdout.hasSuffix(written == 0 ? "[]\n" : "  }\n]\n"))
    let note =
      written == 0
      ? "" : "note: wrote \(written) followers before the error; the JSON array is closed but incomplete.\n"
    #expect(result.stderr.hasPrefix("error: GitHub answered with a server error (HTTP 502)"))
    #expect(result.stderr.hasSuffix(".\n" + note))
  }

  @Test func jsonOfACompleteListIsTheWholeArray() async throws {
    server.addUser("mona", followers: 250)
    let result = try await run(["--all", "--json"])
    #expect(result.status == 0)
    let decoded = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    #expect(decoded?.map { $0["login"] as? String } == (1...250).map { "mona-follower-\($0)" })
  }

  /// Pages 1 to 4 overlap by one follower each: ids 1–3, 3–5, 5–7, 7–9.
  @Test(arguments: ["1", "4"])
  func aFollowerOnTwoPagesIsListedOnce(concurrency: String) async throws {
    let base = server.baseURL.absoluteString
    server.setHandler { request in
      guard request.path == "/users/mona/followers", let page = Int(request.queryItems["page"] ?? "1") else {
        return nil
      }
      let first = 2 * page - 1
      let link =
        page < 4
        ? "<\(base)/users/mona/followers?per_page=100&page=\(page + 1)>; rel=\"next\", "
          + "<\(base)/users/mona/followers?per_page=100&page=4>; rel=\"last\"" : nil
      return .accounts((first...first + 2).map { ("f\($0)", $0, "User") }, link: link)
    }
    let result = try await run(["--all", "--concurrency", concurrency])
    #expect(
      result
        == CLIResult(
          stdout: HostilePaginationTests.table(1...9),
          stderr: "note: the server listed 3 followers again on a later page; each follower is listed once.\n",
          status: 0))
  }

  /// Page 2 answers only once page 5 has been asked for, so pages 3 to 5 arrive before it.
  @Test func concurrencyFourKeepsTheServersOrder() async throws {
    server.addUser("mona", followers: 1_000)
    let pageFiveAsked = DispatchSemaphore(value: 0)
    let pageTwoWaited = WaitOutcome()
    server.setHandler { request in
      switch request.queryItems["page"] {
      case "5": pageFiveAsked.signal()
      // Bounded: if page 5 is never asked for, page 2 answers after 10 seconds, in order.
      case "2": pageTwoWaited.record(pageFiveAsked.wait(timeout: .now() + 10))
      default: break
      }
      return nil
    }
    let result = try await run(["--all", "--concurrency", "4"])
    #expect(pageTwoWaited.result == .success)
    #expect(
      result
        == CLIResult(
          stdout: ExpectedOutput.followerTable(of: "mona", 1...1_000, loginWidth: 17), stderr: "", status: 0))
  }

  /// A user with more followers than any list: the server has a next page forever.
  @Test func aServerThatNeverEndsIsStoppedByMaxPages() async throws {
    server.addUser("mona", followers: Int.max)
    let result = try await run(["--all", "--max-pages", "30", "--json"])
    #expect(result.status == 0)
    let decoded = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    #expect(decoded?.count == 3_000)
    #expect(result.stderr == "note: stopped after 30 pages (--max-pages 30); mona has more followers.\n")
    #expect(server.requestCount == 30)
  }

  /// A server whose first page claims 3 pages but that links on forever, each page new.
  @Test func aServerThatLinksOnPastItsLastPageIsStoppedByTheRequestBudget() async throws {
    let base = server.baseURL.absoluteString
    server.setHandler { request in
      guard request.path == "/users/mona/followers", let page = Int(request.queryItems["page"] ?? "1") else {
        return nil
      }
      let link =
        "<\(base)/users/mona/followers?per_page=100&page=\(page + 1)>; rel=\"next\", "
        + "<\(base)/users/mona/followers?per_page=100&page=3>; rel=\"last\""
      return .accounts([("f\(page)", page, "User")], link: link)
    }
    let result = try await run(["--all"])
    #expect(result.status == 1)
    #expect(result.stdout == HostilePaginationTests.table(1...4))
    #expect(result.stderr.contains("the server has sent 4 pages and links to another"))
    #expect(server.requestCount == 4)
  }
}

/// How a server thread's bounded wait ended.
private final class WaitOutcome: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: DispatchTimeoutResult?

  var result: DispatchTimeoutResult? { lock.withLock { stored } }

  func record(_ result: DispatchTimeoutResult) { lock.withLock { stored = result } }
}
