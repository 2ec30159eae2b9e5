import ActionDispatch
import ActionDispatchTesting
import Testing

/// A key's fetch has one retry loop and one timeout, set by the dispatch that starts it; a
/// dispatch that joins it keeps only its own wait's timeout.
@MainActor
@Suite(.serialExecutor) struct QueryRetryTests {
  let clock = TestClock()
  let server = FlakyServer()

  /// Retries twice at most, a second apart.
  let twoAttempts = RetryPolicy(maxAttempts: 2, initialBackoff: .seconds(1))

  /// Dispatches the profile of mona, recording what the screen gets.
  func show(
    _ screen: ProfileScreen, in cache: QueryCache, retry: RetryPolicy? = nil, timeout: Duration? = nil
  ) -> Task<Void, Never> {
    screen.dispatch(
      actionId: .profile, query: .profile("mona"), in: cache, staleTime: .seconds(60), retry: retry,
      timeout: timeout, task: { [server] in try await server.profile() },
      onSuccess: { screen, name in screen.delivered.append(name) },
      onFailure: { [server] screen, error in
        screen.failures += 1
        server.errors.append(error)
      })
  }

  @Test func twoViewModelsJoinedOnAFetchThatFailsOnceSendTwoRequests() async {
    let cache = QueryCache(clock: clock)
    server.failuresLeft = 1
    let list = ProfileScreen(server: QueryServer(), cache: cache, clock: clock)
    let detail = ProfileScreen(server: QueryServer(), cache: cache, clock: clock)
    let listRun = show(list, in: cache, retry: twoAttempts)
    let detailRun = show(detail, in: cache, retry: twoAttempts)
    await clock.run()
    await listRun.value
    await detailRun.value
    #expect(server.requests == 2, "one retry loop for the fetch, not one per view model")
    #expect(list.delivered == ["MONA"] && detail.delivered == ["MONA"])
    #expect(list.failures == 0 && detail.failures == 0)
  }

  @Test func aDispatchDuringTheBackoffJoinsTheFetchAndSeesItFetching() async {
    let cache = QueryCache(clock: clock)
    server.failuresLeft = 1
    let list = ProfileScreen(server: QueryServer(), cache: cache, clock: clock)
    let listRun = show(list, in: cache, retry: twoAttempts)
    await clock.waitForSleepers(1)
    #expect(server.requests == 1, "the first attempt failed; the fetch waits out its backoff")
    #expect(cache.status(of: .profile("mona")) == .fetching)
    #expect(cache.snapshot().map(\.status) == [.fetching])
    #expect(cache.loadable(for: .profile("mona")).failure == nil, "no failure is shown meanwhile")
    let detail = ProfileScreen(server: QueryServer(), cache: cache, clock: clock)
    let detailRun = show(detail, in: cache)
    #expect(detail.isLoading(for: .profile))
    #expect(detail.failures == 0, "it joined: no kept failure answered it")
    await clock.run()
    await listRun.value
    await detailRun.value
    #expect(server.requests == 2, "the retry is the one fetch in flight")
    #expect(list.delivered == ["MONA"] && detail.delivered == ["MONA"])
  }

  @Test func aJoinersRetryCannotChangeTheFetch() async {
    let cache = QueryCache(clock: clock)
    server.failuresLeft = 1
    let gate = Gate()
    server.gate = gate
    let starter = ProfileScreen(server: QueryServer(), cache: cache, clock: clock)
    let joiner = ProfileScreen(server: QueryServer(), cache: cache, clock: clock)
    let starterRun = show(starter, in: cache)
    let joinerRun = show(joiner, in: cache, retry: RetryPolicy(maxAttempts: 3, initialBackoff: .zero))
    await gate.arrivals(1)
    gate.open()
    await starterRun.value
    await joinerRun.value
    #expect(server.requests == 1, "the starter set no retry: the joiner's is not the fetch's")
    #expect(starter.failures == 1 && joiner.failures == 1)
  }

  @Test func aJoinersTimeoutDetachesOnlyIt() async {
    let cache = QueryCache(clock: clock)
    let gate = Gate()
    server.gate = gate
    let starter = ProfileScreen(server: QueryServer(), cache: cache, clock: clock)
    let joiner = ProfileScreen(server: QueryServer(), cache: cache, clock: clock)
    let starterRun = show(starter, in: cache)
    let joinerRun = show(joiner, in: cache, timeout: .seconds(5))
    await gate.arrivals(1)
    await clock.advance(by: .seconds(5))
    await joinerRun.value
    #expect(server.errors.map { $0 as? ActionTimeoutError } == [ActionTimeoutError(timeout: .seconds(5))])
    #expect(!joiner.isLoading(for: .profile))
    #expect(starter.isLoading(for: .profile), "the fetch goes on for the starter")
    #expect(cache.status(of: .profile("mona")) == .fetching)
    gate.open()
    await starterRun.value
    #expect(starter.delivered == ["MONA"] && starter.failures == 0)
    #expect(server.requests == 1)
  }

  @Test func theStartersTimeoutFailsEveryCaller() async {
    let cache = QueryCache(clock: clock)
    let gate = Gate()
    server.gate = gate
    let starter = ProfileScreen(server: QueryServer(), cache: cache, clock: clock)
    let joiner = ProfileScreen(server: QueryServer(), cache: cache, clock: clock)
    let starterRun = show(starter, in: cache, timeout: .seconds(5))
    let joinerRun = show(joiner, in: cache, timeout: .seconds(60))
    await gate.arrivals(1)
    await clock.advance(by: .seconds(5))
    await starterRun.value
    await joinerRun.value
    let timedOut = ActionTimeoutError(timeout: .seconds(5))
    #expect(server.errors.map { $0 as? ActionTimeoutError } == [timedOut, timedOut], "a longer wait changes nothing")
    #expect(cache.status(of: .profile("mona")) != .fetching)
    #expect(server.requests == 1)
  }

  @Test func theLastCallerLeavingDuringTheBackoffStopsTheRetries() async {
    let cache = QueryCache(clock: clock)
    server.failuresLeft = 5
    let list = ProfileScreen(server: QueryServer(), cache: cache, clock: clock)
    let detail = ProfileScreen(server: QueryServer(), cache: cache, clock: clock)
    let listRun = show(list, in: cache, retry: RetryPolicy(maxAttempts: 3, initialBackoff: .seconds(1)))
    let detailRun = show(detail, in: cache)
    await clock.waitForSleepers(1)
    list.cancel(.profile)
    detail.cancel(.profile)
    await listRun.value
    await detailRun.value
    await clock.run()
    #expect(server.requests == 1, "no attempt after the last caller left")
    #expect(cache.status(of: .profile("mona")) != .fetching)
    #expect(list.failures == 0 && detail.failures == 0, "cancelled, not failed")
  }

  @Test func aCallerLeavingDuringTheBackoffLeavesTheOthersWaiting() async {
    let cache = QueryCache(clock: clock)
    server.failuresLeft = 1
    let list = ProfileScreen(server: QueryServer(), cache: cache, clock: clock)
    let detail = ProfileScreen(server: QueryServer(), cache: cache, clock: clock)
    let listRun = show(list, in: cache, retry: twoAttempts)
    let detailRun = show(detail, in: cache)
    await clock.waitForSleepers(1)
    list.cancel(.profile)
    await listRun.value
    #expect(!list.isLoading(for: .profile))
    #expect(detail.isLoading(for: .profile), "the other caller still waits")
    #expect(cache.status(of: .profile("mona")) == .fetching)
    await clock.run()
    await detailRun.value
    #expect(server.requests == 2)
    #expect(detail.delivered == ["MONA"] && detail.failures == 0)
  }
}

/// A server whose first requests fail, counted, with an optional gate every request passes.
@MainActor
final class FlakyServer {
  var requests = 0
  var failuresLeft = 0
  var gate: Gate?
  /// Every error the screens' `onFailure` got, in order.
  var errors: [any Error] = []

  func profile() async throws -> String {
    requests += 1
    if let gate { try await gate.pass() }
    if failuresLeft > 0 {
      failuresLeft -= 1
      throw TestError()
    }
    return "MONA"
  }
}
