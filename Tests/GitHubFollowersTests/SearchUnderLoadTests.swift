import ActionDispatchTesting
import FakeGitHubServer
import GitHubFollowers
import Testing

/// Typing fast against a slow server, over real HTTP: each search supersedes the one in flight,
/// and the transport must survive its requests being cancelled mid-flight.
@MainActor
@Suite
struct SearchUnderLoadTests {
  @Test func hundredSupersededSearchesLeaveOnlyTheLastResult() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 3)
    server.addUser("octo-last", followers: 0)
    let client = GitHubClient(configuration: .init(baseURL: server.baseURL, clock: ImmediateClock()))
    let viewModel = FollowersViewModel(service: client, searchDebounce: .zero)
    let (arrivals, arrived) = AsyncStream.makeStream(of: String.self)
    // Every "sort:" search is superseded, so the server never answers one: each that reaches
    // it can only end by being cancelled on the wire (or the run-wide watchdog in .ci/run fails the run).
    server.setHandler { request in
      let query = request.queryItems["q"] ?? ""
      arrived.yield(query)
      return query.contains("sort:") ? FakeResponse(status: 200, behavior: .neverRespond) : nil
    }
    var arrivalsIterator = arrivals.makeAsyncIterator()

    var runs: [Task<Void, Never>] = []
    for index in 1...100 {
      let query = "octo sort:\(index)"
      runs.append(viewModel.search(query))
      // Every tenth search is superseded only once its request is on the wire, so at least
      // those ten requests are cancelled mid-flight.
      if index.isMultiple(of: 10) {
        while let received = await arrivalsIterator.next(), received != query {}
      }
    }
    runs.append(viewModel.search("octo-last"))
    for run in runs { await run.value }

    #expect(viewModel.searchResults.map(\.login) == ["octo-last"])
    #expect(viewModel.errorMessage(for: .searchUsers) == nil)
    #expect(!viewModel.isLoading(for: .searchUsers))
    #expect(server.requestCount >= 11, "ten superseded searches were cancelled on the wire")

    await viewModel.search("octocat").value
    #expect(viewModel.searchResults.map(\.login) == ["octocat"])
  }
}
