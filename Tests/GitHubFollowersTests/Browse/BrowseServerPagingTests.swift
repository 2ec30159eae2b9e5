import ActionDispatch
import ActionDispatchTesting
import FakeGitHubServer
import Foundation
import GitHubFollowers
import Testing

/// `browse` asks for 100 a page from its first request, and `G`, scrolling and `R` follow the
/// server's `next` links, counted at the fake server: a 2-page cycle costs 2 requests, a server
/// that sends 10,000 rows a page is paged to its end in 2, and 100,000 followers take 1,000.
@MainActor
@Suite(.serialExecutor) struct BrowseServerPagingTests {
  let server: FakeGitHubServer

  init() throws {
    server = try FakeGitHubServer()
  }

  func browser(_ user: GitHubUsername) -> BrowseViewModel {
    let client = GitHubClient(configuration: .init(baseURL: server.baseURL, maxRetries: 0, clock: ImmediateClock()))
    return BrowseViewModel(username: user, service: client, clock: TestClock(), loadingIndicator: .immediate)
  }

  /// The requests for `login`'s pages of followers.
  func pages(of login: String) -> [FakeRequest] {
    server.requests.filter { $0.path == "/users/\(login)/followers" }
  }

  @Test func theFirstPageIsAPageOfOneHundred() async throws {
    server.addUser("mona", followers: 250)
    let browser = browser("mona")

    await browser.start().value

    #expect(pages(of: "mona").map(\.target) == ["/users/mona/followers?per_page=100&page=1"])
    #expect(browser.rows.count == 100)
  }

  @Test func capitalGOnATwoPageCycleCostsTwoRequestsAndSaysWhy() async throws {
    server.addUser("cycle", followers: 200, paging: .cyclingToFirstPage)
    let browser = browser("cycle")
    await browser.start().value

    await browser.moveToLast().value
    await browser.moveToLast().value
    browser.moveDown()

    let list = browser.current.followers
    #expect(pages(of: "cycle").count == 2)
    #expect(list.followers.count == 200)
    #expect(
      list.pagingStopped
        == "Paging stopped: page 2 links back to a page already fetched "
        + "(\(server.baseURL.absoluteString)/users/cycle/followers?per_page=100&page=1).")
    #expect(!list.hasMorePages)
    #expect(browser.selectedFollower?.login == "cycle-follower-200")
  }

  @Test func capitalGOnTenThousandRowsAPageShowsEveryRowAfterTwoRequests() async throws {
    server.addUser("wide", followers: 20_000, paging: .ignoringPerPage(rows: 10_000))
    let browser = browser("wide")
    await browser.start().value
    #expect(browser.rows.count == 10_000)

    await browser.moveToLast().value

    #expect(pages(of: "wide").map { $0.queryItems["page"] } == ["1", "2"])
    #expect(browser.rows.count == 20_000)
    #expect(browser.current.followers.repeatedFollowers == 0)
    #expect(browser.current.followers.pagingStopped == nil)
    #expect(browser.selectedFollower?.login == "wide-follower-20000")
  }

  @Test func scrollingToTheEndOfLargePagesAsksForTheNextLinkOnce() async throws {
    server.addUser("wide", followers: 2_000, paging: .ignoringPerPage(rows: 1_000))
    let browser = browser("wide")
    await browser.start().value

    browser.moveDown(by: 995)
    try await browser.current.followers.waitUntilIdle(.loadNextPage)
    browser.moveDown(by: 1_004)
    try await browser.current.followers.waitUntilIdle(.loadNextPage)

    #expect(pages(of: "wide").map { $0.queryItems["page"] } == ["1", "2"])
    #expect(browser.rows.count == 2_000)
    #expect(browser.selectedFollower?.login == "wide-follower-2000")
  }

  @Test func capitalRAsksForThePagesThatHoldTheRowsByTheRowsTheyBrought() async throws {
    server.addUser("wide", followers: 3_000, paging: .ignoringPerPage(rows: 1_000))
    let browser = browser("wide")
    await browser.start().value
    browser.moveDown(by: 995)
    try await browser.current.followers.waitUntilIdle(.loadNextPage)
    browser.moveDown(by: 200)
    server.resetRecording()

    browser.refresh()
    try await browser.current.followers.waitUntilIdle(.fetchFollowers)

    // Row 1,196 (and the rows a screen below it) are on page 2 of 1,000 rows: 2 pages, not the
    // 13 that pages of 100 would need (all 3 the server has).
    #expect(pages(of: "wide").map { $0.queryItems["page"] } == ["1", "2"])
    #expect(browser.rows.count == 2_000)
    #expect(browser.selectedFollower?.login == "wide-follower-1196")
  }

  @Test func capitalGOnOneHundredThousandFollowersTakesOneThousandRequests() async throws {
    server.addUser("mona", followers: 100_000)
    let browser = browser("mona")
    await browser.start().value

    await browser.moveToLast().value

    let pages = pages(of: "mona")
    #expect(pages.count == 1_000)
    #expect(pages.allSatisfy { $0.queryItems["per_page"] == "100" })
    #expect(Set(pages.map { $0.queryItems["page"] ?? "" }).count == 1_000)
    #expect(browser.rows.count == 100_000)
    #expect(browser.selectedFollower?.login == "mona-follower-100000")
  }
}
