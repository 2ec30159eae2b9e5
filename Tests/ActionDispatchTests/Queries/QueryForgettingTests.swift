import ActionDispatch
import ActionDispatchTesting
import Testing

/// Unwatched keys are forgotten after the cache's gc time, and the cache is bounded (issue 37, item 4).
@MainActor
@Suite(.serialExecutor) struct QueryForgettingTests {
  let clock = TestClock()
  let server = QueryServer()

  @Test func aKeyIsKeptWhileWatchedAndForgottenGCTimeAfterItsLastWatcherLeft() async {
    let cache = QueryCache(clock: clock, gcTime: .seconds(300))
    var screen: ProfileScreen? = ProfileScreen(server: server, cache: cache, clock: clock)
    await screen!.show("mona").value
    await clock.advance(by: .seconds(1_000))
    #expect(cache.value(for: .profile("mona")) == "MONA", "watched: kept however old")
    screen = nil
    await waitUntil { cache.snapshot().first?.forgottenIn != nil }
    #expect(cache.snapshot().first?.forgottenIn == .seconds(300))
    await clock.advance(by: .seconds(299))
    #expect(cache.count == 1)
    await clock.advance(by: .seconds(1))
    #expect(cache.value(for: .profile("mona")) == nil)
    #expect(cache.count == 0)
  }

  @Test func theSweeperForgetsKeysNobodyReads() async {
    let cache = QueryCache(clock: clock, gcTime: .seconds(10))
    for index in 0..<100 { cache.setValue("\(index)", for: .profile("u\(index)")) }
    #expect(cache.count == 100)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(10))
    await waitUntil { cache.count == 0 }
  }

  @Test func aKeyWatchedAgainBeforeItsTimeIsKept() async {
    let cache = QueryCache(clock: clock, gcTime: .seconds(10))
    cache.setValue("Mona", for: .profile("mona"))
    await clock.advance(by: .seconds(9))
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    screen.show("mona", staleTime: .seconds(600))
    await clock.advance(by: .seconds(60))
    #expect(cache.value(for: .profile("mona")) == "Mona")
    #expect(server.requests.isEmpty)
  }

  @Test func theCacheIsBoundedForgettingTheLeastRecentlyWatchedFirst() async {
    let cache = QueryCache(clock: clock, capacity: 2)
    cache.setValue("A", for: .profile("a"))
    await clock.advance(by: .seconds(1))
    cache.setValue("B", for: .profile("b"))
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    screen.show("a", staleTime: .seconds(600))  // a is watched now
    await clock.advance(by: .seconds(1))
    cache.setValue("C", for: .profile("c"))
    #expect(cache.value(for: .profile("b")) == nil, "b was the least recently watched unwatched key")
    #expect(cache.value(for: .profile("a")) == "A", "a is watched")
    #expect(cache.value(for: .profile("c")) == "C")
    #expect(cache.count == 2)
  }

  @Test func aMillionReadsOfKeysNobodyHoldsCreateNothing() {
    let cache = QueryCache(clock: clock)
    for index in 0..<1_000_000 where cache.value(for: .profile("u\(index)")) != nil {
      Issue.record("read a value nobody set")
    }
    #expect(cache.count == 0)
    #expect(cache.snapshot().isEmpty)
  }

  @Test func twoKeysWithOnePathAndDifferentTypesAreTwoKeys() {
    let cache = QueryCache(clock: clock)
    cache.setValue("text", for: QueryKey<String>("k"))
    cache.setValue(42, for: QueryKey<Int>("k"))
    #expect(cache.value(for: QueryKey<String>("k")) == "text")
    #expect(cache.value(for: QueryKey<Int>("k")) == 42)
    #expect(cache.count == 2)
  }

  @Test func keysSurviveTheirTableGrowingAndShrinking() {
    let cache = QueryCache(clock: clock, capacity: 100_000)
    for index in 0..<5_000 { cache.setValue(index, for: QueryKey<Int>("n", "\(index)")) }
    for index in stride(from: 0, to: 5_000, by: 2) { cache.removeValue(for: QueryKey<Int>("n", "\(index)")) }
    #expect(cache.count == 2_500)
    for index in 0..<5_000 {
      #expect(cache.value(for: QueryKey<Int>("n", "\(index)")) == (index.isMultiple(of: 2) ? nil : index))
    }
  }

  @Test func componentsRoundTripWhateverTheyHold() {
    let odd = ["", "a:b", "10:x", "\u{301}combining", "naïve", "🙂"]
    #expect(QueryKey<Int>(components: odd).components == odd)
    #expect(QueryKey<Int>("a", "bc") != QueryKey<Int>("ab", "c"))
  }

  @Test func aCacheOfCapacityZeroForgetsEveryUnwatchedKeyAtOnce() async throws {
    let cache = QueryCache(clock: clock, capacity: 0)
    cache.setValue("Mona", for: .profile("mona"))
    #expect(cache.value(for: .profile("mona")) == nil, "set, unwatched: forgotten at once")
    #expect(cache.count == 0)
    #expect(try await cache.fetch(.profile("hubot")) { "Hubot" } == "Hubot")
    #expect(cache.count == 0, "fetched, unwatched: forgotten once the fetch ends")
    var screen: ProfileScreen? = ProfileScreen(server: server, cache: cache, clock: clock)
    await screen?.show("mona").value
    #expect(cache.value(for: .profile("mona")) == "MONA", "a watched key is kept")
    screen = nil
    #expect(cache.count == 0, "and forgotten when its last watcher leaves")
  }
}
