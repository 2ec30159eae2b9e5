import FakeGitHubServer
import Foundation
import Testing

/// `followers --all` follows the server's `next` links, counted at the fake server: a 2-page
/// cycle costs 2 requests and stops with exit 1 and the reason; a server that sends 10,000 rows
/// a page whatever `per_page` asks for is listed whole in 2 requests.
@Suite struct FollowersServerPagingTests {
  let server: FakeGitHubServer

  init() throws {
    server = try FakeGitHubServer()
    server.addUser("cycle", followers: 200, paging: .cyclingToFirstPage)
    server.addUser("wide", followers: 20_000, paging: .ignoringPerPage(rows: 10_000))
    server.addUser("widish", followers: 2_000, paging: .ignoringPerPage(rows: 1_000))
  }

  func run(_ arguments: [String]) async throws -> CLIResult {
    try await CLIProcess.run(["followers"] + arguments + ["--api-url", server.baseURL.absoluteString])
  }

  @Test func aTwoPageCycleStopsAfterTwoRequests() async throws {
    let result = try await run(["cycle", "--all"])

    let link = "\(server.baseURL.absoluteString)/users/cycle/followers?per_page=100&page=1"
    #expect(
      result
        == CLIResult(
          stdout: ExpectedOutput.followerTable(of: "cycle", 1...200, loginWidth: 18),
          stderr: "error: Stopped following the server's pages: page 2 links back to a page already fetched (\(link)). "
            + "Its pagination cannot be trusted; check the API URL, or try again later.\n"
            + "note: listed 200 followers before the error; the list above is incomplete.\n",
          status: 1))
    #expect(
      server.requests.map(\.target) == [
        "/users/cycle/followers?per_page=100&page=1", "/users/cycle/followers?per_page=100&page=2",
      ])
  }

  @Test func aTwoPageCycleWithConcurrencyCostsTwoRequests() async throws {
    let result = try await run(["cycle", "--all", "--concurrency", "4"])

    #expect(
      result
        == CLIResult(stdout: ExpectedOutput.followerTable(of: "cycle", 1...200, loginWidth: 18), stderr: "", status: 0))
    #expect(server.requestCount == 2)
  }

  @Test func tenThousandRowsAPageAreListedWholeInTwoRequests() async throws {
    let result = try await run(["wide", "--all"])

    #expect(
      result
        == CLIResult(
          stdout: ExpectedOutput.followerTable(of: "wide", 1...20_000, loginWidth: 19), stderr: "", status: 0))
    #expect(
      server.requests.map(\.target) == [
        "/users/wide/followers?per_page=100&page=1", "/users/wide/followers?per_page=100&page=2",
      ])
  }

  @Test func aLimitMetByTheFirstLargePageSendsOneRequest() async throws {
    let result = try await run(["widish", "--limit", "45"])

    #expect(
      result
        == CLIResult(stdout: ExpectedOutput.followerTable(of: "widish", 1...45, loginWidth: 18), stderr: "", status: 0))
    #expect(server.requestCount == 1)
  }
}
