import ActionDispatch
import ActionDispatchTesting
import Testing

/// What the app's first use of the cache found (issue 37): a key made at capacity, a kept
/// failure meeting an invalidation, failures not worth keeping, and a watch a view model ends.
@MainActor
@Suite(.serialExecutor) struct QueryEdgeTests {
  let clock = TestClock()
  let server = QueryServer()

  @Test func aKeyMadeWhenEveryOtherIsWatchedIsNotForgottenBeforeItsDispatchWatchesIt() async {
    let cache = QueryCache(clock: clock, capacity: 1)
    let first = ProfileScreen(server: server, cache: cache, clock: clock)
    let second = ProfileScreen(server: server, cache: cache, clock: clock)
    await first.show("mona").value
    await second.show("hubot").value
    #expect(cache.value(for: .profile("hubot")) == "HUBOT", "over capacity while watched: kept")
    let third = ProfileScreen(server: server, cache: cache, clock: clock)
    await third.show("hubot").value
    #expect(server.requests == ["mona", "hubot"], "the second screen's value landed in the cache")
  }

  @Test func invalidatingAKeyWithAKeptFailureAsksTheServerAgain() async {
    let cache = QueryCache(clock: clock)
    server.failing = ["mona"]
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    await screen.show("mona", failureTime: .seconds(60)).value
    server.failing = []
    cache.invalidate(.profile("mona"))
    await waitUntil { !screen.isLoading(for: .profile) && screen.name != nil }
    #expect(server.requests == ["mona", "mona"])
    #expect(screen.name == "MONA")
    #expect(screen.errorMessage(for: .profile) == nil)
  }

  @Test func aFailureTheCacheDoesNotKeepIsAskedAgain() async {
    struct RateLimited: Error {}
    let cache = QueryCache(clock: clock, keepsFailure: { !($0 is RateLimited) })
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    var attempts = 0
    for _ in 0..<2 {
      await screen.dispatch(
        actionId: .profile, query: .profile("mona"), in: cache, failureTime: .seconds(60),
        task: { () async throws -> String in
          attempts += 1
          throw RateLimited()
        }
      ).value
    }
    #expect(attempts == 2, "a rate limit is not the key's fault: not kept")
    #expect(cache.status(of: .profile("mona")) == .absent, "nor recorded on the key")
  }

  @Test func aViewModelThatStopsWatchingGetsNoNewValuesAndTheKeyIsForgotten() async {
    let cache = QueryCache(clock: clock, gcTime: .seconds(10))
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    await screen.show("mona").value
    screen.stopWatching(.profile)
    cache.setValue("Mona", for: .profile("mona"))
    #expect(screen.delivered == ["MONA"])
    #expect(cache.snapshot().first?.watchers == 0)
    await clock.advance(by: .seconds(10))
    #expect(cache.value(for: .profile("mona")) == nil)
    screen.stopWatching(.profile)  // watching nothing: nothing happens
  }
}
