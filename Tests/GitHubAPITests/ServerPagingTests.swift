import ActionDispatchTesting
import FakeGitHubServer
import Foundation
import GitHubAPI
import Testing

/// Paging follows the server's own `next` links, counted at the fake server: a 2-page cycle
/// costs 2 requests, and a server that sends 10,000 rows a page whatever `per_page` asks for is
/// paged in as many requests as it has pages.
@Suite struct ServerPagingTests {
  let server: FakeGitHubServer

  init() throws {
    server = try FakeGitHubServer()
  }

  var client: GitHubClient {
    GitHubClient(configuration: .init(baseURL: server.baseURL, maxRetries: 0, clock: ImmediateClock()))
  }

  /// Every page of `user`'s followers through the pager, and the reason it stopped, if it did.
  func page(_ user: GitHubUsername, concurrency: Int = 1) async -> (rows: Int, stopped: String?) {
    var rows = 0
    do {
      for try await page in client.allFollowers(of: user, perPage: 100, concurrency: concurrency) {
        rows += page.followers.count
      }
      return (rows, nil)
    } catch GitHubError.paginationStopped(let reason) {
      return (rows, reason)
    } catch {
      return (rows, "\(error)")
    }
  }

  @Test func aTwoPageCycleCostsTwoRequestsAndSaysWhy() async throws {
    server.addUser("cycle", followers: 200, paging: .cyclingToFirstPage)

    let (rows, stopped) = await page("cycle")

    #expect(rows == 200)
    #expect(
      stopped
        == "page 2 links back to a page already fetched "
        + "(\(server.baseURL.absoluteString)/users/cycle/followers?per_page=100&page=1)")
    #expect(server.requestCount == 2)
  }

  @Test func aTwoPageCycleCostsTwoRequestsInParallelMode() async throws {
    server.addUser("cycle", followers: 200, paging: .cyclingToFirstPage)

    let (rows, stopped) = await page("cycle", concurrency: 4)

    #expect(rows == 200)
    #expect(stopped == nil)
    #expect(server.requestCount == 2)
  }

  @Test func tenThousandRowsAPageArePagedByTheNextLinkInTwoRequests() async throws {
    server.addUser("wide", followers: 20_000, paging: .ignoringPerPage(rows: 10_000))

    let (rows, stopped) = await page("wide")

    #expect(rows == 20_000)
    #expect(stopped == nil)
    #expect(
      server.requests.map(\.target) == [
        "/users/wide/followers?per_page=100&page=1", "/users/wide/followers?per_page=100&page=2",
      ])
  }

  @Test func aLinkBackToTheFirstPageWithItsQueryInAnotherOrderIsACycle() async throws {
    let base = server.baseURL.absoluteString
    server.setHandler { request in
      let page = Int(request.queryItems["page"] ?? "1") ?? 1
      let next = page == 1 ? "per_page=100&page=2" : "page=1&per_page=100"
      return .accounts(
        (1...3).map { ("f\(page)-\($0)", page * 10 + $0, "User") },
        link: "<\(base)/users/mona/followers?\(next)>; rel=\"next\"")
    }

    let (rows, stopped) = await page("mona")

    #expect(rows == 6)
    #expect(stopped?.hasPrefix("page 2 links back to a page already fetched") == true)
    #expect(server.requestCount == 2)
  }

  /// GitHub writes its links by user id (`/user/583231/followers`), not in the form of the first
  /// request: a link back to page 1 is known by page 2's `prev` and `first` links.
  @Test func aNextLinkToAPageNamedAsPrevOrFirstIsACycle() async throws {
    let base = server.baseURL.absoluteString + "/user/583231/followers?per_page=100&page="
    server.setHandler { request in
      let page = Int(request.queryItems["page"] ?? "1") ?? 1
      let link =
        page == 1
        ? "<\(base)2>; rel=\"next\", <\(base)2>; rel=\"last\""
        : "<\(base)1>; rel=\"prev\", <\(base)1>; rel=\"next\", <\(base)1>; rel=\"first\""
      return .accounts((1...3).map { ("f\(page)-\($0)", page * 10 + $0, "User") }, link: link)
    }

    let (rows, stopped) = await page("mona")

    #expect(rows == 6)
    #expect(stopped == "page 2 links back to a page already fetched (\(base)1)")
    #expect(server.requests.map(\.path) == ["/users/mona/followers", "/user/583231/followers"])
  }

  @Test func theFakeServerPagesAsItsPagingSays() async throws {
    server.addUser("wide", followers: 25, paging: .ignoringPerPage(rows: 10))
    server.addUser("cycle", followers: 3, paging: .cyclingToFirstPage)
    let base = server.baseURL.absoluteString

    let wide = try await client.followers(of: "wide", page: 3, perPage: 100)
    let lastCycle = try await client.followers(of: "cycle", page: 2, perPage: 2)
    let onlyPage = try await client.followers(of: "cycle", page: 1, perPage: 100)

    #expect(wide.followers.map(\.login) == (21...25).map { "wide-follower-\($0)" })
    #expect(wide.next == nil)
    #expect(lastCycle.followers.map(\.login) == ["cycle-follower-3"])
    #expect(lastCycle.next?.absoluteString == "\(base)/users/cycle/followers?per_page=2&page=1")
    #expect(onlyPage.next == nil, "a list of one page has nothing to cycle through")
  }
}
