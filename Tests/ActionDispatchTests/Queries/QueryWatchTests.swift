import ActionDispatch
import ActionDispatchTesting
import Observation
import Testing

/// View models that showed a key watch it: new values reach them, invalidation refetches them
/// (issue 37, items 3 and 5).
@MainActor
@Suite(.serialExecutor) struct QueryWatchTests {
  let clock = TestClock()
  let server = QueryServer()

  @Test func settingAValueReachesEveryWatcherAndItsRollbackToo() async {
    let cache = QueryCache(clock: clock)
    let list = ProfileScreen(server: server, cache: cache, clock: clock)
    let detail = ProfileScreen(server: server, cache: cache, clock: clock)
    await list.show("mona").value
    detail.show("mona")
    let rollback = cache.setValue("Mona (renaming)", for: .profile("mona"))
    #expect(list.name == "Mona (renaming)" && detail.name == "Mona (renaming)")
    rollback()
    #expect(list.delivered == ["MONA", "Mona (renaming)", "MONA"])
    #expect(detail.delivered == ["MONA", "Mona (renaming)", "MONA"])
    #expect(cache.value(for: .profile("mona")) == "MONA")
  }

  @Test func aRollbackAfterANewerValueLeavesTheNewerValue() async {
    let cache = QueryCache(clock: clock)
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    await screen.show("mona").value
    let rollback = cache.setValue("optimistic", for: .profile("mona"))
    await clock.advance(by: .seconds(1))
    cache.setValue("from the server", for: .profile("mona"))
    rollback()
    #expect(cache.value(for: .profile("mona")) == "from the server")
  }

  @Test func invalidatingAWatchedKeyRefetchesItAtOnceJoinedByEveryWatcher() async {
    let cache = QueryCache(clock: clock)
    let list = ProfileScreen(server: server, cache: cache, clock: clock)
    let detail = ProfileScreen(server: server, cache: cache, clock: clock)
    await list.show("mona").value
    detail.show("mona")
    let gate = Gate()
    server.gate = gate
    server.names["mona"] = "Mona L."
    cache.invalidate(.profile("mona"))
    #expect(list.isLoading(for: .profile) && detail.isLoading(for: .profile), "both refetch at once")
    await gate.arrivals(1)
    gate.open()
    await waitUntil { !list.isLoading(for: .profile) && !detail.isLoading(for: .profile) }
    #expect(server.requests == ["mona", "mona"], "one refetch, joined")
    #expect(list.delivered == ["MONA", "Mona L."])
    #expect(detail.delivered == ["MONA", "Mona L."], "the value shown is not delivered again, the new one once")
  }

  @Test func aFetchInFlightWhenTheKeyIsInvalidatedDeliversButLeavesItStale() async throws {
    let cache = QueryCache(clock: clock, defaultStaleTime: .seconds(60))
    let gate = Gate()
    server.gate = gate
    let reader = Task { try await cache.fetch(.profile("mona")) { [server] in try await server.profile("mona") } }
    await gate.arrivals(1)
    server.names["mona"] = "renamed"
    cache.invalidate(.profile("mona"))
    let second = Task { try await cache.fetch(.profile("mona")) { [server] in try await server.profile("mona") } }
    await gate.arrivals(2)
    #expect(server.requests == ["mona", "mona"], "a dispatch after the invalidation does not join the outdated fetch")
    gate.open()
    #expect(try await second.value == "renamed")
    #expect(try await reader.value == "renamed", "the first caller still gets its fetch's value")
    #expect(cache.value(for: .profile("mona")) == "renamed")
    #expect(cache.status(of: .profile("mona")) == .fresh)
  }

  @Test func aFetchOutdatedByAnInvalidationRecordsItsValueAsStale() async throws {
    let cache = QueryCache(clock: clock, defaultStaleTime: .seconds(60))
    let gate = Gate()
    server.gate = gate
    let reader = Task { try await cache.fetch(.profile("mona")) { [server] in try await server.profile("mona") } }
    await gate.arrivals(1)
    cache.invalidate(.profile("mona"))
    gate.open()
    #expect(try await reader.value == "MONA")
    #expect(cache.status(of: .profile("mona")) == .stale, "it may have read what a mutation replaced")
  }

  @Test func invalidatingAnUnwatchedKeyOnlyMakesItStale() async {
    let cache = QueryCache(clock: clock)
    var screen: ProfileScreen? = ProfileScreen(server: server, cache: cache, clock: clock)
    await screen!.show("mona").value
    screen = nil
    await waitUntil { cache.snapshot().first?.watchers == 0 }
    cache.invalidate(.profile("mona"))
    #expect(cache.status(of: .profile("mona")) == .stale)
    #expect(server.requests == ["mona"], "nothing fetched")
    let next = ProfileScreen(server: server, cache: cache, clock: clock)
    await next.show("mona").value
    #expect(server.requests == ["mona", "mona"], "the next dispatch fetches")
  }

  @Test func invalidatingByALeadingPartReachesAllOfAUsersKeys() {
    let cache = QueryCache(clock: clock, defaultStaleTime: .seconds(60))
    cache.setValue("Mona", for: .profile("mona"))
    cache.setValue(["x"], for: .followers("mona"))
    cache.setValue("Hubot", for: .profile("hubot"))
    cache.invalidate(prefix: "users", "mona")
    #expect(cache.status(of: .profile("mona")) == .stale)
    #expect(cache.status(of: .followers("mona")) == .stale)
    #expect(cache.status(of: .profile("hubot")) == .fresh)
  }

  @Test func aPrefixMatchesWholeComponentsOnlyAndAPredicateSeesThePath() {
    let cache = QueryCache(clock: clock, defaultStaleTime: .seconds(60))
    cache.setValue("Hubot", for: .profile("hubot"))
    cache.setValue(["x"], for: .followers("hubot"))
    cache.invalidate(prefix: "users", "hub")
    #expect(cache.status(of: .profile("hubot")) == .fresh, "\"hub\" is not \"hubot\"")
    cache.invalidate(where: { $0.last == "followers" })
    #expect(cache.status(of: .followers("hubot")) == .stale)
    #expect(cache.status(of: .profile("hubot")) == .fresh)
    cache.invalidateAll()
    #expect(cache.status(of: .profile("hubot")) == .stale)
  }

  @Test func readingOneKeyIsNotInvalidatedByAnother() async {
    let cache = QueryCache(clock: clock)
    cache.setValue("Mona", for: .profile("mona"))
    let changes = LockedState(0)
    withObservationTracking {
      _ = cache.value(for: .profile("mona"))
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    cache.setValue("Hubot", for: .profile("hubot"))
    cache.invalidate(.profile("hubot"))
    #expect(changes.withLock { $0 } == 0, "another key changed")
    cache.setValue("Mona L.", for: .profile("mona"))
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func readingAKeyIsNotInvalidatedByAKeyWithItsPathAndAnotherValueType() {
    let cache = QueryCache(clock: clock)
    cache.setValue(1, for: QueryKey<Int>("a"))
    cache.setValue("one", for: QueryKey<String>("a"))
    let changes = LockedState(0)
    withObservationTracking {
      _ = cache.value(for: QueryKey<Int>("a"))
      _ = cache.loadable(for: QueryKey<Int>("a"))
      _ = cache.status(of: QueryKey<Int>("a"))
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    cache.setValue("two", for: QueryKey<String>("a"))
    cache.invalidate(QueryKey<String>("a"))
    cache.removeValue(for: QueryKey<String>("a"))
    #expect(changes.withLock { $0 } == 0, "the String key changed")
    cache.setValue(2, for: QueryKey<Int>("a"))
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func aReaderOfAnAbsentKeyIsToldWhenItAppearsNotWhenItsPathAppearsWithAnotherType() {
    let cache = QueryCache(clock: clock)
    let changes = LockedState(0)
    withObservationTracking {
      #expect(cache.value(for: QueryKey<Int>("a")) == nil)
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    cache.setValue("one", for: QueryKey<String>("a"))
    #expect(changes.withLock { $0 } == 0, "the String key appeared")
    cache.setValue(1, for: QueryKey<Int>("a"))
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func aKeyReadBeforeItsFetchStaysObservedThroughTheFetchAndAfterIt() async throws {
    let cache = QueryCache(clock: clock)
    cache.setValue(1, for: QueryKey<Int>("a"))
    #expect(cache.value(for: QueryKey<Int>("a")) == 1)  // the entry keeps its key path from here
    let held = Gate()
    let fetch = Task {
      try await cache.fetch(QueryKey<Int>("a"), staleTime: .zero) {
        try await held.pass()
        return 2
      }
    }
    await waitUntil { cache.status(of: QueryKey<Int>("a")) == .fetching }
    let changes = LockedState(0)
    withObservationTracking {
      _ = cache.value(for: QueryKey<Int>("a"))
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    held.open()
    #expect(try await fetch.value == 2)
    #expect(changes.withLock { $0 } == 1, "the fetch's value, while the key had a fetch in flight")
    withObservationTracking {
      _ = cache.value(for: QueryKey<Int>("a"))
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    cache.setValue(3, for: QueryKey<Int>("a"))
    #expect(changes.withLock { $0 } == 2, "a set, once the fetch was done")
  }

  @Test func anActionThatShowsAnotherKeyStopsWatchingTheFirstAndCancelsItsFetch() async {
    let cache = QueryCache(clock: clock)
    let gate = Gate()
    server.gate = gate
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    let first = screen.show("mona")
    await gate.arrivals(1)
    let second = screen.show("hubot")
    await first.value
    await waitUntil { cache.status(of: .profile("mona")) == .absent }
    gate.open()
    await second.value
    #expect(screen.delivered == ["HUBOT"])
    cache.setValue("Mona", for: .profile("mona"))
    #expect(screen.delivered == ["HUBOT"], "no longer watching mona")
    #expect(cache.snapshot().first { $0.components.contains("mona") }?.watchers == 0)
  }

  @Test func aWatcherThatInvalidatesFromItsOnSuccessDoesNotLoop() async {
    let cache = QueryCache(clock: clock)
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    var invalidations = 0
    let run = screen.dispatch(
      actionId: .profile, query: .profile("mona"), in: cache, staleTime: .seconds(60),
      task: { [server] in try await server.profile("mona") }
    ) { _, _ in
      if invalidations < 2 {
        invalidations += 1
        cache.invalidate(.profile("mona"))
      }
    }
    await run.value
    await waitUntil { !screen.isLoading(for: .profile) && server.requests.count == 3 }
    #expect(server.requests == ["mona", "mona", "mona"])
    #expect(cache.status(of: .profile("mona")) == .fresh)
  }

  @Test func aWatcherThatReleasesAnotherFromItsOnSuccessIsSafe() async {
    let cache = QueryCache(clock: clock)
    var other: ProfileScreen? = ProfileScreen(server: server, cache: cache, clock: clock)
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    await other!.show("mona").value
    screen.dispatch(
      actionId: .profile, query: .profile("mona"), in: cache, staleTime: .seconds(60),
      task: { [server] in try await server.profile("mona") }
    ) { _, _ in other = nil }
    #expect(other == nil)
    cache.setValue("Mona", for: .profile("mona"))
    await waitUntil { cache.snapshot().first?.watchers == 1 }
  }
}
