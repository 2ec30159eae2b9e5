import ActionDispatch
import ActionDispatchTesting
import Testing

/// A screen shows a key another screen fetches, with no fetch of its own
/// (`watch(actionId:query:in:onSuccess:onFailure:)`).
@MainActor
@Suite(.serialExecutor) struct QueryWatchOnlyTests {
  let clock = TestClock()
  let server = QueryServer()

  @Test func aWatcherGetsTheValueAtOnceAndEveryChangeToIt() async {
    let cache = QueryCache(clock: clock)
    let list = ProfileScreen(server: server, cache: cache, clock: clock)
    let detail = ProfileScreen(server: server, cache: cache, clock: clock)
    await list.show("mona").value
    await detail.watchProfile("mona").value
    #expect(detail.delivered == ["MONA"], "the value the cache holds, at once")
    #expect(!detail.isLoading(for: .profile))
    cache.setValue("Mona Lisa", for: .profile("mona"))
    server.names["mona"] = "Mona L."
    await list.show("mona", staleTime: .zero).value
    #expect(detail.delivered == ["MONA", "Mona Lisa", "Mona L."], "a set value and another screen's fetch")
    #expect(server.requests == ["mona", "mona"], "the watcher sent nothing")
  }

  @Test func itsActionLoadsWhileAnotherViewModelsFetchRunsThenIsIdle() async throws {
    let cache = QueryCache(clock: clock)
    let gate = Gate()
    server.gate = gate
    let list = ProfileScreen(server: server, cache: cache, clock: clock)
    let detail = ProfileScreen(server: server, cache: cache, clock: clock)
    await detail.watchProfile("mona").value
    #expect(!detail.isLoading(for: .profile) && detail.delivered.isEmpty, "nothing to show, nothing fetched")
    let recorder = EventRecorder(detail)
    let run = list.show("mona")
    await gate.arrivals(1)
    #expect(detail.isLoading(for: .profile), "another view model fetches the key it shows")
    gate.open()
    await run.value
    try await detail.waitUntilIdle(.profile)
    #expect(detail.delivered == ["MONA"])
    #expect(recorder.events == [.started(.profile), .succeeded(.profile)])
    #expect(server.requests == ["mona"])
  }

  @Test func aWatchMadeWhileAFetchIsInFlightFollowsIt() async {
    let cache = QueryCache(clock: clock)
    let gate = Gate()
    server.gate = gate
    let list = ProfileScreen(server: server, cache: cache, clock: clock)
    let detail = ProfileScreen(server: server, cache: cache, clock: clock)
    let listRun = list.show("mona")
    await gate.arrivals(1)
    let follow = detail.watchProfile("mona")
    #expect(detail.isLoading(for: .profile))
    gate.open()
    await follow.value
    await listRun.value
    #expect(!detail.isLoading(for: .profile))
    #expect(detail.delivered == ["MONA"], "once, through its run")
  }

  @Test func aFollowedFailureThatIsTheKeysShowsOnTheWatchersAction() async throws {
    let cache = QueryCache(clock: clock)
    server.failing = ["mona"]
    let list = ProfileScreen(server: server, cache: cache, clock: clock)
    let detail = ProfileScreen(server: server, cache: cache, clock: clock)
    detail.watchProfile("mona")
    await list.show("mona").value
    try await detail.waitUntilIdle(.profile)
    #expect(detail.failures == 1)
    #expect(detail.errorMessage(for: .profile) != nil)
  }

  @Test func aWatcherDoesNotKeepAFetchAliveTheLastFetchingCallerLeavingCancelsIt() async throws {
    let cache = QueryCache(clock: clock)
    let gate = Gate()
    server.gate = gate
    let list = ProfileScreen(server: server, cache: cache, clock: clock)
    let detail = ProfileScreen(server: server, cache: cache, clock: clock)
    detail.watchProfile("mona")
    let recorder = EventRecorder(detail)
    let run = list.show("mona")
    await gate.arrivals(1)
    #expect(detail.isLoading(for: .profile))
    list.cancel(.profile)
    await run.value
    try await detail.waitUntilIdle(.profile)
    #expect(cache.status(of: .profile("mona")) == .absent, "cancelled: no fetching caller was left")
    #expect(recorder.events == [.started(.profile), .cancelled(.profile)])
    #expect(detail.delivered.isEmpty && detail.failures == 0 && detail.errorMessage(for: .profile) == nil)
  }

  @Test func aKeyWatchedOnlyByWatchersThatCannotFetchIsMarkedStaleWhenInvalidatedNotFetched() async {
    let cache = QueryCache(clock: clock)
    let list = ProfileScreen(server: server, cache: cache, clock: clock)
    let detail = ProfileScreen(server: server, cache: cache, clock: clock)
    await list.show("mona").value
    list.stopWatching(.profile)
    await detail.watchProfile("mona").value
    let invalidation = cache.invalidate(.profile("mona"))
    #expect(invalidation.refetchCount == 0)
    await invalidation.finished()
    #expect(cache.status(of: .profile("mona")) == .stale)
    #expect(!detail.isLoading(for: .profile))
    #expect(server.requests == ["mona"])
    await list.show("mona").value
    #expect(server.requests == ["mona", "mona"], "the next dispatch that fetches it fetches")
    #expect(detail.delivered == ["MONA", "MONA"])
  }

  @Test func releasingAWatcherWhileItFollowsAFetchLeavesTheFetchToItsCallers() async {
    let cache = QueryCache(clock: clock)
    let gate = Gate()
    server.gate = gate
    let list = ProfileScreen(server: server, cache: cache, clock: clock)
    var detail: ProfileScreen? = ProfileScreen(server: server, cache: cache, clock: clock)
    let run = list.show("mona")
    await gate.arrivals(1)
    let follow = detail?.watchProfile("mona")
    #expect(detail?.isLoading(for: .profile) == true)
    detail = nil
    await follow?.value
    #expect(cache.status(of: .profile("mona")) == .fetching, "the fetch goes on for the list")
    gate.open()
    await run.value
    #expect(list.delivered == ["MONA"])
    #expect(cache.snapshot().first?.watchers == 1, "the released watcher's watch ended")
  }

  @Test func aWatcherThatStartsFetchingTheKeyFetchesItAgainWhenInvalidated() async {
    let cache = QueryCache(clock: clock)
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    await screen.watchProfile("mona").value
    await screen.show("mona").value
    #expect(server.requests == ["mona"])
    await cache.invalidate(.profile("mona")).finished()
    #expect(server.requests == ["mona", "mona"], "the action's dispatch replaced its watch: it fetches now")
  }

  @Test func cancellingTheRunThatFollowsAFetchKeepsTheWatchTheValueStillArrives() async {
    let cache = QueryCache(clock: clock)
    let gate = Gate()
    server.gate = gate
    let list = ProfileScreen(server: server, cache: cache, clock: clock)
    let detail = ProfileScreen(server: server, cache: cache, clock: clock)
    detail.watchProfile("mona")
    let run = list.show("mona")
    await gate.arrivals(1)
    detail.cancel(.profile)
    #expect(!detail.isLoading(for: .profile))
    #expect(cache.status(of: .profile("mona")) == .fetching, "the fetch is the list's")
    gate.open()
    await run.value
    #expect(detail.delivered == ["MONA"], "the watch goes on: the value reaches it")
  }
}
