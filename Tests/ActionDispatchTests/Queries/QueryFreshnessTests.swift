import ActionDispatch
import ActionDispatchTesting
import Testing

/// Fresh values answer at once, stale ones are shown and refetched, failures are kept for a
/// while (issue 37, items 2 and 4).
@MainActor
@Suite(.serialExecutor) struct QueryFreshnessTests {
  let clock = TestClock()
  let server = QueryServer()

  @Test func aSecondScreenGetsAFreshValueAtOnceWithNoRunAndNoSpinner() async {
    let cache = QueryCache(clock: clock)
    let list = ProfileScreen(server: server, cache: cache, clock: clock)
    await list.show("mona").value
    let detail = ProfileScreen(server: server, cache: cache, clock: clock)
    let recorder = EventRecorder(detail)
    let run = detail.show("mona")
    #expect(detail.delivered == ["MONA"], "delivered before dispatch returned")
    #expect(!detail.isLoading(for: .profile))
    await run.value
    #expect(server.requests == ["mona"], "no second request")
    #expect(recorder.events == [.fresh(.profile)])
  }

  @Test func aStaleValueIsShownAtOnceAndRefetchedForEveryWatcher() async {
    let cache = QueryCache(clock: clock)
    let list = ProfileScreen(server: server, cache: cache, clock: clock)
    await list.show("mona").value
    await clock.advance(by: .seconds(61))
    server.names["mona"] = "Mona L."
    let detail = ProfileScreen(server: server, cache: cache, clock: clock)
    let run = detail.show("mona")
    #expect(detail.delivered == ["MONA"], "the stale value at once")
    #expect(detail.isLoading(for: .profile), "and a refetch")
    #expect(detail.loadable(\.name, of: .profile).isRefreshing)
    await run.value
    #expect(detail.delivered == ["MONA", "Mona L."])
    #expect(list.delivered == ["MONA", "Mona L."], "the list watches the key: it gets the new value too")
    #expect(!list.isLoading(for: .profile), "the list did not ask: it does not show loading")
    #expect(server.requests == ["mona", "mona"])
  }

  @Test func eachKeyRemembersItsOwnStaleTime() async {
    let cache = QueryCache(clock: clock)
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    await screen.show("mona", staleTime: .seconds(10)).value
    await screen.show("hubot", staleTime: .seconds(100)).value
    await clock.advance(by: .seconds(50))
    let other = ProfileScreen(server: server, cache: cache, clock: clock)
    await other.show("mona", staleTime: nil).value
    await other.show("hubot", staleTime: nil).value
    #expect(server.requests == ["mona", "hubot", "mona"], "mona is stale after 10 s, hubot fresh for 100 s")
  }

  @Test func aSuccessIsRecordedWhateverStaleTimeTheFirstDispatchGave() async {
    let cache = QueryCache(clock: clock)
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    await screen.show("mona", staleTime: nil).value
    #expect(cache.value(for: .profile("mona")) == "MONA")
    #expect(cache.status(of: .profile("mona")) == .stale, "no stale time given: stale at once")
    let fresh = screen.show("mona", staleTime: .seconds(60))
    #expect(!screen.isLoading(for: .profile), "the success was recorded: fresh for the new stale time")
    await fresh.value
    #expect(server.requests == ["mona"])
  }

  @Test func aFailureKeptOnTheKeyAnswersWithoutARequestUntilItsTimePasses() async {
    let cache = QueryCache(clock: clock)
    server.failing = ["mona"]
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    await screen.show("mona", failureTime: .seconds(30)).value
    await screen.show("hubot").value
    await screen.show("mona", failureTime: .seconds(30)).value
    #expect(server.requests == ["mona", "hubot"], "moving back over the failed row asks nothing")
    #expect(screen.errorMessage(for: .profile) == TestError().message)
    #expect(screen.failures == 2)
    await clock.advance(by: .seconds(30))
    await screen.show("mona", failureTime: .seconds(30)).value
    #expect(server.requests == ["mona", "hubot", "mona"])
  }

  @Test func withoutAFailureTimeAFailureIsAskedAgain() async {
    let cache = QueryCache(clock: clock)
    server.failing = ["mona"]
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    await screen.show("mona").value
    await screen.show("mona").value
    #expect(server.requests == ["mona", "mona"])
  }

  @Test func retryStillAppliesWithinARun() async {
    let cache = QueryCache(clock: clock)
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    var attempts = 0
    let run = screen.dispatch(
      actionId: .profile, query: .profile("mona"), in: cache, failureTime: .seconds(30),
      retry: RetryPolicy(maxAttempts: 3, initialBackoff: .zero),
      task: {
        attempts += 1
        if attempts < 3 { throw TestError() }
        return "Mona"
      })
    await clock.run()
    await run.value
    #expect(attempts == 3)
    #expect(cache.value(for: .profile("mona")) == "Mona")
    #expect(screen.errorMessage(for: .profile) == nil)
  }

  @Test func aFreshAnswerClearsTheActionsOldError() async {
    let cache = QueryCache(clock: clock)
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    server.failing = ["mona"]
    await screen.show("mona").value
    #expect(screen.errorMessage(for: .profile) != nil)
    cache.setValue("Mona", for: .profile("mona"))
    screen.show("mona")
    #expect(screen.errorMessage(for: .profile) == nil)
    #expect(screen.name == "Mona")
  }
}

extension QueryFreshnessTests {
  @Test func aKeptFailureStillShowsTheValueTheKeyHas() async {
    let cache = QueryCache(clock: clock)
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    await screen.show("mona", staleTime: .zero).value
    server.failing = ["mona"]
    await screen.show("mona", staleTime: .zero, failureTime: .seconds(30)).value
    let other = ProfileScreen(server: server, cache: cache, clock: clock)
    await other.show("mona", staleTime: nil, failureTime: .seconds(30)).value
    #expect(other.name == "MONA", "the last value shows beside the error")
    #expect(other.errorMessage(for: .profile) == TestError().message)
    #expect(server.requests == ["mona", "mona"], "the kept failure sent nothing")
  }

  @Test func aRefreshAsksTheServerEvenOverAKeptFailure() async {
    let cache = QueryCache(clock: clock)
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    server.failing = ["mona"]
    await screen.show("mona", staleTime: nil, failureTime: .seconds(30)).value
    await screen.show("mona", staleTime: nil, failureTime: .seconds(30)).value
    #expect(server.requests == ["mona"], "a dispatch is answered by the kept failure")
    server.failing = []
    await screen.show("mona", staleTime: .zero).value
    #expect(server.requests == ["mona", "mona"], "a refresh (.zero) asks the server")
    #expect(screen.name == "MONA" && screen.errorMessage(for: .profile) == nil)
    #expect(cache.status(of: .profile("mona")) == .stale, "its stale time is still zero")
  }
}
