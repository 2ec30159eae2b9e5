import ActionDispatch
import ActionDispatchTesting
import Testing

/// The docs' server-state example does what they say.
@MainActor
@Suite(.serialExecutor) struct ProfileCacheTests {
  @Test func viewsThatAskAtOnceShareOneRequest() async {
    let server = ProfileServer()
    let gate = Gate()
    server.gate = { try await gate.pass() }
    let viewModel = ProfileCacheViewModel(service: server, clock: TestClock())
    let list = viewModel.loadProfile("octocat")
    let detail = viewModel.loadProfile("octocat")
    let pull = viewModel.loadProfile("octocat", refresh: true)
    gate.open()
    for task in [list, detail, pull] { await task.value }
    #expect(server.requests == 1)
    #expect(viewModel.profiles["octocat"] == "octocat")
  }

  @Test func aFreshProfileIsNotAskedForAgainUntilFiveMinutesPassOrTheUserRefreshes() async {
    let server = ProfileServer()
    let clock = TestClock()
    let viewModel = ProfileCacheViewModel(service: server, clock: clock)
    await viewModel.loadProfile("octocat").value
    await clock.advance(by: .seconds(299))
    await viewModel.loadProfile("octocat").value
    #expect(server.requests == 1)
    await viewModel.loadProfile("octocat", refresh: true).value
    #expect(server.requests == 2)
    await clock.advance(by: .seconds(300))
    await viewModel.loadProfile("octocat").value
    #expect(server.requests == 3)
  }

  @Test func aRenameMakesTheProfileStale() async {
    let server = ProfileServer()
    let viewModel = ProfileCacheViewModel(service: server, clock: TestClock())
    await viewModel.loadProfile("octocat").value
    await viewModel.rename("octocat", to: "The Octocat").value
    await viewModel.loadProfile("octocat").value
    #expect(server.requests == 2)
    #expect(viewModel.profiles["octocat"] == "The Octocat")
  }
}
