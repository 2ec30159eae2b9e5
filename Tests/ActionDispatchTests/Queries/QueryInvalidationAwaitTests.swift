import ActionDispatch
import ActionDispatchTesting
import Testing

/// An invalidation can be awaited until every refetch it started has ended
/// (`QueryInvalidation.finished()`); it never throws and waits for nothing else.
@MainActor
@Suite(.serialExecutor) struct QueryInvalidationAwaitTests {
  let clock = TestClock()
  let server = QueryServer()

  @Test func awaitingAnInvalidationWaitsForEveryRefetchItStarted() async {
    let cache = QueryCache(clock: clock)
    let list = ProfileScreen(server: server, cache: cache, clock: clock)
    let detail = ProfileScreen(server: server, cache: cache, clock: clock)
    let badge = ProfileScreen(server: server, cache: cache, clock: clock)
    await list.show("mona").value
    await detail.show("mona").value
    await badge.watchProfile("mona").value
    server.names["mona"] = "Mona Lisa"

    // snippet: await-invalidation
    let invalidation = cache.invalidate(.profile("mona"))
    #expect(invalidation.refetchCount == 2, "one run per action that fetches the key")
    #expect(list.isLoading(for: .profile) && detail.isLoading(for: .profile))
    await invalidation.finished()
    // end snippet: await-invalidation

    #expect(!list.isLoading(for: .profile) && !detail.isLoading(for: .profile))
    #expect(list.name == "Mona Lisa" && detail.name == "Mona Lisa")
    #expect(badge.name == "Mona Lisa", "a watch that only watches gets the value with them")
    #expect(server.requests == ["mona", "mona"], "one refetch for both")
    #expect(cache.status(of: .profile("mona")) == .fresh)
  }

  @Test func aFailedRefetchEndsTheWaitWithoutThrowing() async {
    let cache = QueryCache(clock: clock)
    let list = ProfileScreen(server: server, cache: cache, clock: clock)
    await list.show("mona").value
    server.failing = ["mona"]
    await cache.invalidate(prefix: "users").finished()
    #expect(list.failures == 1)
    #expect(list.name == "MONA", "the value shown is kept")
  }

  @Test func anInvalidationOfUnwatchedKeysStartsNothingToAwait() async {
    let cache = QueryCache(clock: clock)
    cache.setValue("Mona", for: .profile("mona"))
    cache.setValue(["a"], for: .followers("mona"))
    let invalidation = cache.invalidateAll()
    #expect(invalidation.refetchCount == 0)
    await invalidation.finished()
    #expect(cache.status(of: .profile("mona")) == .stale && cache.status(of: .followers("mona")) == .stale)
    #expect(server.requests.isEmpty)
  }

  @Test func everyFormOfInvalidationReturnsItsRefetches() async {
    let cache = QueryCache(clock: clock)
    let list = ProfileScreen(server: server, cache: cache, clock: clock)
    await list.show("mona").value
    #expect(cache.invalidate(.profile("mona")).refetchCount == 1)
    await list.show("mona", staleTime: nil).value
    #expect(cache.invalidate(prefix: "users", "mona").refetchCount == 1)
    await list.show("mona", staleTime: nil).value
    #expect(cache.invalidate(where: { $0.last == "profile" }).refetchCount == 1)
    await list.show("mona", staleTime: nil).value
    let all = cache.invalidateAll()
    #expect(all.refetchCount == 1)
    await all.finished()
    #expect(!list.isLoading(for: .profile))
  }
}
