import ActionDispatch
import ActionDispatchTesting
import FakeGitHubServer
import Foundation
import GitHubFollowers
import Testing

/// `browse` against a fake GitHub server that misbehaves: its pages stop where `followers --all`
/// stops, and nothing is sent while the rate limit is out. The server counts the requests.
@MainActor
@Suite(.serialExecutor) struct BrowseHostileServerTests {
  private static func client(_ server: FakeGitHubServer) -> GitHubClient {
    GitHubClient(configuration: .init(baseURL: server.baseURL, maxRetries: 0, clock: ImmediateClock()))
  }

  private static func requests(_ server: FakeGitHubServer, to path: String) -> Int {
    server.requests.filter { $0.path == path }.count
  }

  @Test func capitalGStopsAfterOnePageMoreThanTheServersLastLinkClaims() async throws {
    let server = try FakeGitHubServer()
    server.addUser("mona", followers: 3, name: "Mona")
    let base = server.baseURL.absoluteString
    server.setHandler { request in
      guard request.path == "/users/mona/followers" else { return nil }
      let page = Int(request.queryItems["page"] ?? "1") ?? 1
      let link =
        "<\(base)/users/mona/followers?per_page=30&page=\(page + 1)>; rel=\"next\", "
        + "<\(base)/users/mona/followers?per_page=30&page=3>; rel=\"last\""
      return .accounts((0..<30).map { ("f\(page)-\($0)", page * 100 + $0, "User") }, link: link)
    }
    let browser = BrowseViewModel(
      username: "mona", service: Self.client(server), clock: TestClock(), loadingIndicator: .immediate)
    await browser.start().value

    await browser.moveToLast().value

    let list = browser.current
    // The first page, then `G`'s pages by the server's `next` links (this server ignores
    // `per_page`): 3 more before the cap, and never page 1 again.
    #expect(Self.requests(server, to: "/users/mona/followers") == 4)
    #expect(list.followers.followers.count == 120)
    #expect(
      list.followers.pagingStopped
        == "Paging stopped: the server has sent 4 pages and links to another, though its first page said there "
        + "were 3.")
    #expect(!list.loadsToEnd)
    #expect(!list.followers.hasMorePages)
    #expect(browser.selectedIndex == 119)
  }

  @Test func movingThroughRowsSendsNoProfileRequestWhileTheRateLimitIsOut() async throws {
    let server = try FakeGitHubServer()
    let reset = Date().addingTimeInterval(3600)
    let followers = (1...12).map { ("f\($0)", $0, "User") }
    server.setHandler { request in
      switch request.path {
      case "/users/mona/followers":
        // The last request the quota allowed: 200, with nothing left until the reset.
        var page = FakeResponse.accounts(followers)
        page.headers += [
          ("x-ratelimit-limit", "60"), ("x-ratelimit-remaining", "0"), ("x-ratelimit-used", "60"),
          ("x-ratelimit-reset", String(Int(reset.timeIntervalSince1970))), ("x-ratelimit-resource", "core"),
        ]
        return page
      default:
        return .primaryRateLimit(resetAt: reset)
      }
    }
    let clock = TestClock()
    let browser = BrowseViewModel(
      username: "mona", service: Self.client(server), clock: clock, profileDebounce: .milliseconds(100),
      loadingIndicator: .immediate)
    await browser.start().value
    try await browser.waitUntilIdle(.fetchOwner(login: "mona"))
    let before = server.requestCount

    for _ in 0..<10 {
      browser.moveDown()
      await clock.waitForSleepers(1)
      await clock.advance(by: .milliseconds(100))
      try await browser.users.waitUntilIdle(.loadProfile)
    }

    #expect(browser.selectedFollower?.login == "f11")
    #expect(server.requestCount == before)
    #expect(server.requests.filter { $0.path.hasPrefix("/users/f") }.isEmpty)
    #expect(browser.selectedProfileError?.hasPrefix("GitHub's API rate limit is exhausted") == true)
  }
}
