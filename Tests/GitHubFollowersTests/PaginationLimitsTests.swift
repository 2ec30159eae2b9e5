import ActionDispatchTesting
import Foundation
import GitHubAPITestSupport
import GitHubFollowers
import Testing

/// `allFollowers(of:perPage:concurrency:limit:maxPages:)` and `loadAllPages`: what a run may
/// request, and a follower listed once however often the server sends it.
@Suite struct PaginationLimitsTests {
  /// Pages of 2 fresh followers, each linking to the next, page 1 claiming `last`.
  static func endlessServer(last: Int? = nil) -> StubHTTPClient {
    StubHTTPClient { request in
      let page = pageNumber(request)
      var links = [#"<https://api.github.com/user/1/followers?per_page=2&page=\#(page + 1)>; rel="next""#]
      if let last { links.append(#"<https://api.github.com/user/1/followers?per_page=2&page=\#(last)>; rel="last""#) }
      return .json(GitHubJSON.followers(page: page, perPage: 2), headers: ["Link": links.joined(separator: ", ")])
    }
  }

  func client(_ http: StubHTTPClient) -> GitHubClient {
    GitHubClient(configuration: .init(maxRetries: 0, clock: ImmediateClock()), httpClient: http)
  }

  func pages(
    _ http: StubHTTPClient, concurrency: Int = 1, limit: Int? = nil, maxPages: Int? = nil
  ) async throws -> [Int] {
    var numbers: [Int] = []
    let stream = client(http).allFollowers(
      of: "octocat", perPage: 2, concurrency: concurrency, limit: limit, maxPages: maxPages)
    for try await page in stream { numbers.append(page.page) }
    return numbers
  }

  @Test func maxPagesStopsWithoutAskingForMore() async throws {
    let http = Self.endlessServer()
    #expect(try await pages(http, maxPages: 3) == [1, 2, 3])
    #expect(http.requestCount == 3)
  }

  @Test func limitStopsOnceEnoughFollowersArrived() async throws {
    let http = Self.endlessServer()
    #expect(try await pages(http, limit: 5) == [1, 2, 3])
    #expect(http.requestCount == 3)
  }

  @Test func parallelModePlansNoPagePastMaxPagesWhateverLastClaims() async throws {
    let http = Self.endlessServer(last: 1_000_000_000)
    #expect(try await pages(http, concurrency: 4, maxPages: 6) == Array(1...6))
    #expect(http.requestCount == 6)
    #expect(http.maxInFlight <= 4)
  }

  @Test func aLastOfIntMaxDoesNotOverflowTheBudget() async throws {
    let http = Self.endlessServer(last: Int.max)
    #expect(try await pages(http, maxPages: 4) == [1, 2, 3, 4])
  }

  @Test @MainActor func theViewModelListsEachFollowerOnceAndCountsTheRepeats() async {
    let http = StubHTTPClient { request in
      let page = pageNumber(request)
      let ids = page == 1 ? [1, 2, 3] : [2, 3, 4]
      let link = page == 1 ? ["Link": #"<https://api.github.com/user/1/followers?page=2>; rel="next""#] : [:]
      return .json(GitHubJSON.followers(ids.map { "f-\($0)" }, firstID: ids[0]), headers: link)
    }
    let viewModel = FollowersViewModel(service: client(http))
    await viewModel.loadAllPages(for: "octocat").value
    #expect(viewModel.errorMessage(for: .loadAllPages) == nil)
    #expect(viewModel.followers.map(\.id) == [1, 2, 3, 4])
    #expect(viewModel.repeatedFollowers == 2)
  }
}
