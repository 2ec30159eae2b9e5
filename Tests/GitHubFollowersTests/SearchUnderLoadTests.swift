import ActionDispatchTesting
import FakeGitHubServer
import GitHubFollowers
import Testing

/// Typing fast against a slow server, over real HTTP: each search supersedes the one in flight,
/// and URLSession on Linux must survive its requests being cancelled mid-flight.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct SearchUnderLoadTests {
  @Test func hundredSupersededSearchesLeaveOnlyTheLastResult() async throws {
    let server = try FakeGitHubServer(latency: .milliseconds(50))
    defer { server.stop() }
    server.addUser("octocat", followers: 3)
    server.addUser("octo-last", followers: 0)
    let client = GitHubClient(configuration: .init(baseURL: server.baseURL, clock: ImmediateClock()))
    let viewModel = FollowersViewModel(service: client, searchDebounce: .zero)
    let (arrivals, arrived) = AsyncStream.makeStream(of: String.self)
    server.setHandler { request in
      arrived.yield(request.queryItems["q"] ?? "")
      return nil
    }
    var arrivalsIterator = arrivals.makeAsyncIterator()

    var runs: [Task<Void, Never>] = []
    for index in 1...100 {
      let query = "octo sort:\(index)"
      runs.append(viewModel.search(query))
      // Every tenth search is superseded only once its request is on the wire (the server holds
      // each answer for 50 ms), so those requests are cancelled mid-flight.
      if index.isMultiple(of: 10) {
        while let received = await arrivalsIterator.next(), received != query {}
      }
    }
    runs.append(viewModel.search("octo-last"))
    for run in runs { await run.value }

    #expect(viewModel.searchResults.map(\.login) == ["octo-last"])
    #expect(viewModel.error(for: .searchUsers) == nil)
    #expect(!viewModel.isLoading(for: .searchUsers))
    #expect(server.requestCount >= 11, "ten superseded searches were cancelled on the wire")

    server.latency = .zero
    await viewModel.search("octocat").value
    #expect(viewModel.searchResults.map(\.login) == ["octocat"])
  }
}
