import ActionDispatch
import ActionDispatchTesting
import Testing

/// `oncePerRun:` runs once per run however many callers joined it (issue 37, item 6): the
/// refresh that starts a live feed, joined by a second pull, starts it once.
@MainActor
@Suite(.serialExecutor) struct OncePerRunTests {
  @Test func aJoinedRunCallsOncePerRunOnceAndEachCallersOnSuccess() async {
    let viewModel = TestViewModel()
    let gate = Gate()
    var log: [String] = []
    func refresh(_ caller: String) -> Task<Void, Never> {
      viewModel.dispatch(
        actionId: .load, policy: .joinRunning,
        task: {
          try await gate.pass()
          return 3
        },
        onSuccess: { _, value in log.append("\(caller) got \(value)") },
        oncePerRun: { _, value in log.append("feed started after \(value)") })
    }
    let first = refresh("first")
    let second = refresh("second")
    gate.open()
    await first.value
    await second.value
    #expect(log == ["feed started after 3", "first got 3", "second got 3"])
  }

  @Test func aFailedOrCancelledRunNeverCallsIt() async {
    let viewModel = TestViewModel()
    let gate = Gate()
    var calls = 0
    let failing = viewModel.dispatch(
      actionId: .load, policy: .joinRunning,
      task: { () async throws -> Int in throw TestError() },
      oncePerRun: { _, _ in calls += 1 })
    await failing.value
    let cancelled = viewModel.dispatch(
      actionId: .save, policy: .joinRunning,
      task: { () async throws -> Int in
        try await gate.pass()
        return 1
      },
      oncePerRun: { _, _ in calls += 1 })
    cancelled.cancel()
    await cancelled.value
    gate.open()
    #expect(calls == 0)
    #expect(viewModel.errorMessage(for: .load) == TestError().message)
  }

  @Test func underAnotherPolicyItIsCalledWithEachRun() async {
    let viewModel = TestViewModel()
    var log: [String] = []
    for index in 1...2 {
      await viewModel.dispatchAndWait(
        actionId: .load, task: { index }, onSuccess: { _, value in log.append("success \(value)") },
        oncePerRun: { _, value in log.append("once \(value)") })
    }
    #expect(log == ["success 1", "once 1", "success 2", "once 2"])
  }

  @Test func aCachesFetchCallsItOnceAcrossViewModels() async {
    let clock = TestClock()
    let server = QueryServer()
    let gate = Gate()
    server.gate = gate
    let cache = QueryCache(clock: clock)
    var log: [String] = []
    func load(_ screen: ProfileScreen, _ name: String) -> Task<Void, Never> {
      screen.dispatch(
        actionId: .profile, query: .profile("mona"), in: cache,
        task: { [server] in try await server.profile("mona") },
        onSuccess: { _, value in log.append("\(name) got \(value)") },
        oncePerRun: { _, _ in log.append("once by \(name)") })
    }
    var list: ProfileScreen? = ProfileScreen(server: server, cache: cache, clock: clock)
    let detail = ProfileScreen(server: server, cache: cache, clock: clock)
    let listRun = load(list!, "list")
    let detailRun = load(detail, "detail")
    await gate.arrivals(1)
    list = nil  // the first caller leaves: the next one's closure is the run's
    await listRun.value
    gate.open()
    await detailRun.value
    #expect(log == ["once by detail", "detail got MONA"])
    #expect(server.requests == ["mona"])
  }
}
