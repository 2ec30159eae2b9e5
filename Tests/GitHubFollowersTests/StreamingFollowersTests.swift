import ActionDispatch
import ActionDispatchTesting
import Foundation
import GitHubAPITestSupport
import GitHubFollowers
import Testing

/// `allFollowers(of:perPage:concurrency:limit:maxPages:)` is the requirement a service's own
/// implementation satisfies, and FollowersStreamViewModel hands pages on without keeping them:
/// each follower once, up to the limit, counted.
@MainActor
@Suite(.serialExecutor) struct StreamingFollowersTests {
  @Test func aServicesOwnAllFollowersIsWhatFollowersViewModelCalls() async {
    let service = PagesService(ids: [[1, 2], [3]])
    let viewModel = FollowersViewModel(service: service)

    await viewModel.loadAllPages(for: "mona", perPage: 2, concurrency: 3, limit: 40, maxPages: 9).value

    #expect(viewModel.errorMessage(for: .loadAllPages) == nil)
    #expect(viewModel.followers.map(\.id) == [1, 2, 3])
    #expect(service.calls == [.init(username: "mona", perPage: 2, concurrency: 3, limit: 40, maxPages: 9)])
  }

  @Test func theThreeArgumentFormCallsTheRequirementToo() async throws {
    let service = PagesService(ids: [[7]])
    var ids: [Int] = []
    for try await page in service.allFollowers(of: "mona", perPage: 100, concurrency: 1) {
      ids += page.followers.map(\.id)
    }
    #expect(ids == [7])
    #expect(service.calls == [.init(username: "mona", perPage: 100, concurrency: 1, limit: nil, maxPages: nil)])
  }

  @Test func theStreamViewModelDeliversEachFollowerOnceAndCountsRepeats() async {
    let service = PagesService(ids: [[1, 2, 3], [3, 4, 1], [5, 5]])
    let viewModel = FollowersStreamViewModel(service: service)
    var delivered: [[Int]] = []

    await viewModel.loadAllPages(for: "mona") { delivered.append($0.map(\.id)) }.value

    #expect(viewModel.errorMessage(for: .loadAllPages) == nil)
    #expect(delivered == [[1, 2, 3], [4], [5]])
    #expect(viewModel.delivered == 5)
    #expect(viewModel.repeatedFollowers == 3)
    #expect(viewModel.pagesLoaded == 3)
    #expect(viewModel.lastPage == 3)
    #expect(!viewModel.hasMorePages)
  }

  @Test func theStreamViewModelStopsDeliveringAtTheLimit() async {
    let service = PagesService(ids: [[1, 2, 3], [4, 5, 6]])
    let viewModel = FollowersStreamViewModel(service: service)
    var delivered: [Int] = []

    await viewModel.loadAllPages(for: "mona", limit: 4) { delivered += $0.map(\.id) }.value

    #expect(delivered == [1, 2, 3, 4])
    #expect(viewModel.delivered == 4)
    #expect(service.calls.first?.limit == 4)
  }

  /// 10,000 ids in one block of 65,536 (past the point where the id set becomes a bitmap), ids
  /// far apart, and negative ones, each listed twice.
  @Test func repeatsAreFoundAmongManyIdsDenseOrSparse() async {
    let dense = Array(1...10_000)
    let sparse = (1...2_000).map { $0 * 1_000_003 }
    let negative = (1...50).map { -$0 * 77_777 }
    let all = dense + sparse + negative
    let pages = stride(from: 0, to: all.count, by: 100).map { Array(all[$0..<min($0 + 100, all.count)]) }
    let service = PagesService(ids: pages + pages.reversed())
    let viewModel = FollowersStreamViewModel(service: service)
    var delivered: [Int] = []

    await viewModel.loadAllPages(for: "mona") { delivered += $0.map(\.id) }.value

    #expect(delivered == all)
    #expect(viewModel.repeatedFollowers == all.count)
  }

  @Test func theStreamViewModelKeepsWhatWasDeliveredBeforeAFailure() async {
    let http = StubHTTPClient { request in
      if pageNumber(request) == 2 { return HTTPResponse(statusCode: 502) }
      return .json(
        #"[{"login":"a","id":1},{"login":"b","id":2}]"#,
        headers: ["Link": #"<https://api.github.com/user/1/followers?page=2>; rel="next""#])
    }
    let viewModel = FollowersStreamViewModel(
      service: GitHubClient(configuration: .init(maxRetries: 0), httpClient: http))
    var delivered: [String] = []

    await viewModel.loadAllPages(for: "mona", perPage: 2) { delivered += $0.map(\.login) }.value

    #expect(delivered == ["a", "b"])
    #expect(viewModel.errorMessage(for: .loadAllPages) == GitHubError.serverError(status: 502).description)
  }
}
