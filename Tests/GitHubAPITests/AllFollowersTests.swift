import ActionDispatchTesting
import Foundation
import GitHubAPI
import GitHubAPITestSupport
import GitHubDemo
import Testing

/// Holds requests for pages until the test releases them, to answer out of order.
actor PageGate {
  private var held: [Int: CheckedContinuation<Void, Never>] = [:]
  private var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  func hold(page: Int) async {
    await withCheckedContinuation { continuation in
      held[page] = continuation
      let ready = watchers.filter { $0.count <= held.count }
      watchers.removeAll { $0.count <= held.count }
      ready.forEach { $0.continuation.resume() }
    }
  }

  func waitUntilHolding(_ count: Int) async {
    if held.count >= count { return }
    await withCheckedContinuation { watchers.append((count, $0)) }
  }

  var heldPages: [Int] { held.keys.sorted() }

  func release(_ page: Int) {
    held.removeValue(forKey: page)?.resume()
  }
}

@Suite struct AllFollowersTests {
  static func pageNumber(_ request: HTTPRequest) -> Int {
    GitHubAPITestSupport.pageNumber(request)
  }

  /// A GitHub-like server for `pages` pages of 2 followers, with GitHub's Link header.
  static func pagedServer(
    pages: Int, linkHost: String = "https://api.github.com", withLast: Bool = true,
    beforeAnswering: @escaping @Sendable (Int) async throws -> Void = { _ in }
  ) -> StubHTTPClient {
    StubHTTPClient { request in
      let page = pageNumber(request)
      try await beforeAnswering(page)
      var links: [String] = []
      if page < pages {
        links.append("<\(linkHost)/user/583231/followers?per_page=2&page=\(page + 1)>; rel=\"next\"")
        if withLast { links.append("<\(linkHost)/user/583231/followers?per_page=2&page=\(pages)>; rel=\"last\"") }
      }
      return .json(
        GitHubJSON.followers(page: page, perPage: 2),
        headers: links.isEmpty ? [:] : ["Link": links.joined(separator: ", ")])
    }
  }

  func client(_ http: StubHTTPClient) -> GitHubClient {
    GitHubClient(configuration: .init(maxRetries: 0, clock: ImmediateClock()), httpClient: http)
  }

  @Test func serialFollowsNextLinksInOrder() async throws {
    let http = Self.pagedServer(pages: 3)
    var pages: [Int] = []
    var logins: [String] = []
    for try await page in client(http).allFollowers(of: "octocat", perPage: 2, concurrency: 1) {
      pages.append(page.page)
      logins += page.followers.map(\.login)
    }
    #expect(pages == [1, 2, 3])
    #expect(logins == (1...6).map { "f-\($0)" })
    #expect(
      http.urls == [
        "https://api.github.com/users/octocat/followers?per_page=2&page=1",
        "https://api.github.com/user/583231/followers?per_page=2&page=2",
        "https://api.github.com/user/583231/followers?per_page=2&page=3",
      ])
    #expect(http.maxInFlight == 1)
  }

  @Test func defaultOverloadIsSerialWithAHundredPerPage() async throws {
    let http = Self.pagedServer(pages: 1)
    for try await _ in client(http).allFollowers(of: "octocat") {}
    #expect(http.urls == ["https://api.github.com/users/octocat/followers?per_page=100&page=1"])
  }

  @Test func serialFetchesOnlyWhatTheConsumerAsksFor() async throws {
    let http = Self.pagedServer(pages: 10)
    for try await page in client(http).allFollowers(of: "octocat", perPage: 2, concurrency: 1) where page.page == 2 {
      break
    }
    #expect(http.requestCount == 2)
  }

  @Test func concurrentPagesAnsweredOutOfOrderAreYieldedInOrder() async throws {
    let gate = PageGate()
    let http = Self.pagedServer(pages: 5) { page in
      if page > 1 { await gate.hold(page: page) }
    }
    let github = client(http)
    let consumer = Task {
      var order: [Int] = []
      var logins: [String] = []
      for try await page in github.allFollowers(of: "octocat", perPage: 2, concurrency: 10) {  // clamped to 4
        order.append(page.page)
        logins += page.followers.map(\.login)
      }
      return (order, logins)
    }
    await gate.waitUntilHolding(4)
    #expect(await gate.heldPages == [2, 3, 4, 5])
    for page in [5, 4, 3, 2] { await gate.release(page) }
    let (order, logins) = try await consumer.value
    #expect(order == [1, 2, 3, 4, 5])
    #expect(logins == (1...10).map { "f-\($0)" })
    #expect(http.maxInFlight == 4)
    #expect(http.urls.first == "https://api.github.com/users/octocat/followers?per_page=2&page=1")
    #expect(
      Set(http.urls.dropFirst())
        == Set((2...5).map { "https://api.github.com/user/583231/followers?per_page=2&page=\($0)" }))
  }

  @Test func concurrencyNeverExceedsTheLimit() async throws {
    let http = Self.pagedServer(pages: 12) { _ in
      for _ in 0..<5 { await Task.yield() }
    }
    var order: [Int] = []
    for try await page in client(http).allFollowers(of: "octocat", perPage: 2, concurrency: 2) {
      order.append(page.page)
    }
    #expect(order == Array(1...12))
    #expect(http.maxInFlight <= 2)
    #expect(http.requestCount == 12)
  }

  @Test func withoutALastLinkConcurrencyFallsBackToSerial() async throws {
    let http = Self.pagedServer(pages: 4, withLast: false)
    var order: [Int] = []
    for try await page in client(http).allFollowers(of: "octocat", perPage: 2, concurrency: 4) {
      order.append(page.page)
    }
    #expect(order == [1, 2, 3, 4])
    #expect(http.maxInFlight == 1)
  }

  @Test func singlePageEndsAfterPageOne() async throws {
    let http = Self.pagedServer(pages: 1)
    var count = 0
    for try await page in client(http).allFollowers(of: "octocat", perPage: 2, concurrency: 4) {
      #expect(page.lastPage == 1)
      count += 1
    }
    #expect(count == 1)
    #expect(http.requestCount == 1)
  }

  @Test func failedPageEndsTheStreamWithItsError() async throws {
    let http = StubHTTPClient { request in
      if Self.pageNumber(request) == 2 { return HTTPResponse(statusCode: 500) }
      return .json(
        GitHubJSON.followers(page: 1, perPage: 2),
        headers: ["Link": #"<https://api.github.com/user/1/followers?page=2>; rel="next""#])
    }
    var pages: [Int] = []
    await #expect(throws: GitHubError.serverError(status: 500)) {
      for try await page in client(http).allFollowers(of: "octocat", perPage: 2, concurrency: 1) {
        pages.append(page.page)
      }
    }
    #expect(pages == [1])
  }

  @Test func nextLinkPointingBackwardsStopsWithAnError() async throws {
    let http = StubHTTPClient { _ in
      .json(
        GitHubJSON.followers(page: 1, perPage: 2),
        headers: ["Link": #"<https://api.github.com/user/1/followers?page=2>; rel="next""#])
    }
    var count = 0
    await #expect {
      for try await _ in client(http).allFollowers(of: "octocat", perPage: 2, concurrency: 1) { count += 1 }
    } throws: { error in
      guard case .paginationStopped(let reason) = error as? GitHubError else { return false }
      return reason == "page 2 repeats followers already listed and adds none"
    }
    #expect(count == 1)
    #expect(http.requestCount == 2)
  }

  @Test func cancellingTheConsumerCancelsTheRequestsInFlight() async throws {
    let hang = TestClock()
    let http = Self.pagedServer(pages: 5) { page in
      if page > 1 { _ = try await hangUntilCancelled(on: hang) }
    }
    let github = client(http)
    let consumer = Task {
      var seen: [Int] = []
      for try await page in github.allFollowers(of: "octocat", perPage: 2, concurrency: 4) { seen.append(page.page) }
      return seen
    }
    await hang.waitForSleepers(4)
    consumer.cancel()
    await #expect(throws: CancellationError.self) { try await consumer.value }
    // Every held request saw the cancellation (handlers run synchronously in cancel()).
    #expect(hang.sleeperCount == 0)
    #expect(http.requestCount == 5)
  }

  @Test func mockServiceGetsTheSameDefaultImplementation() async throws {
    var logins: [String] = []
    for try await page in DemoFollowersService().allFollowers(of: "octocat", perPage: 20, concurrency: 3) {
      logins += page.followers.map(\.login)
    }
    #expect(logins == DemoFixtures.followers.map(\.login))
  }
}
