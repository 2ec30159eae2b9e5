import ActionDispatch
import ActionDispatchTesting
import Testing

/// A key's fetch is shared by every view model that dispatches it (issue 37, item 2).
@MainActor
@Suite(.serialExecutor) struct QueryJoinTests {
  let clock = TestClock()
  let server = QueryServer()

  @Test func twoViewModelsDispatchingOneKeyShareOneFetch() async {
    let cache = QueryCache(clock: clock)
    let gate = Gate()
    server.gate = gate
    let list = ProfileScreen(server: server, cache: cache, clock: clock)
    let detail = ProfileScreen(server: server, cache: cache, clock: clock)
    let listRun = list.show("mona")
    let detailRun = detail.show("mona")
    await gate.arrivals(1)
    #expect(list.isLoading(for: .profile) && detail.isLoading(for: .profile), "each view model shows its own loading")
    #expect(cache.status(of: .profile("mona")) == .fetching)
    gate.open()
    await listRun.value
    await detailRun.value
    #expect(server.requests == ["mona"], "one request for both")
    #expect(list.delivered == ["MONA"] && detail.delivered == ["MONA"], "each caller's closure once")
    #expect(!list.isLoading(for: .profile) && !detail.isLoading(for: .profile))
    #expect(cache.value(for: .profile("mona")) == "MONA")
  }

  @Test func releasingTheViewModelThatStartedTheFetchDoesNotEndItForTheOthers() async {
    let cache = QueryCache(clock: clock)
    let gate = Gate()
    server.gate = gate
    var starter: ProfileScreen? = ProfileScreen(server: server, cache: cache, clock: clock)
    let other = ProfileScreen(server: server, cache: cache, clock: clock)
    let starterRun = starter!.show("mona")
    let otherRun = other.show("mona")
    await gate.arrivals(1)
    starter = nil
    await starterRun.value
    #expect(cache.status(of: .profile("mona")) == .fetching, "the fetch is the cache's")
    gate.open()
    await otherRun.value
    #expect(other.delivered == ["MONA"])
    #expect(server.requests == ["mona"])
  }

  @Test func cancellingOneCallerDetachesItAloneAndTheLastLeavingCancelsTheFetch() async {
    let cache = QueryCache(clock: clock)
    let gate = Gate()
    server.gate = gate
    let first = ProfileScreen(server: server, cache: cache, clock: clock)
    let second = ProfileScreen(server: server, cache: cache, clock: clock)
    let firstRun = first.show("mona")
    let secondRun = second.show("mona")
    await gate.arrivals(1)
    first.cancel(.profile)
    await firstRun.value
    #expect(!first.isLoading(for: .profile))
    #expect(cache.status(of: .profile("mona")) == .fetching, "the fetch goes on for the second caller")
    second.cancel(.profile)
    await secondRun.value
    await waitUntil { cache.status(of: .profile("mona")) == .absent }
    gate.open()
    #expect(first.delivered.isEmpty && second.delivered.isEmpty)
    #expect(cache.value(for: .profile("mona")) == nil, "a cancelled fetch records nothing")
  }

  @Test func aFailureReachesEveryCallerAndEachViewModelShowsItsError() async {
    let cache = QueryCache(clock: clock)
    let gate = Gate()
    server.gate = gate
    server.failing = ["mona"]
    let first = ProfileScreen(server: server, cache: cache, clock: clock)
    let second = ProfileScreen(server: server, cache: cache, clock: clock)
    let runs = [first.show("mona"), second.show("mona")]
    gate.open()
    for run in runs { await run.value }
    #expect(server.requests == ["mona"])
    #expect(first.failures == 1 && second.failures == 1)
    #expect(first.errorMessage(for: .profile) == TestError().message)
    #expect(second.errorMessage(for: .profile) == TestError().message)
    #expect(cache.status(of: .profile("mona")) == .failed)
  }

  @Test func aDirectFetchJoinsAViewModelsFetch() async throws {
    let cache = QueryCache(clock: clock)
    let gate = Gate()
    server.gate = gate
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    let run = screen.show("mona")
    await gate.arrivals(1)
    let direct = Task { try await cache.fetch(.profile("mona")) { [server] in try await server.profile("mona") } }
    await Task.yield()
    gate.open()
    #expect(try await direct.value == "MONA")
    await run.value
    #expect(server.requests == ["mona"])
  }
}

/// Waits, yielding, until `condition` holds (a cancellation's hop to the main actor); fails after
/// 10,000 turns.
@MainActor
func waitUntil(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
  for _ in 0..<10_000 {
    if condition() { return }
    await Task.yield()
  }
  Issue.record("The condition never held", sourceLocation: sourceLocation)
}
