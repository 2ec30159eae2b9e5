import ActionDispatch
import ActionDispatchTesting
import Testing

/// The rows of SharingServerData's table "What the cache does where it could do either", each
/// pinned: what the docs left open is now a rule.
@MainActor
@Suite(.serialExecutor) struct QuerySettledRulesTests {
  let clock = TestClock()
  let server = QueryServer()

  @Test func beforeARefetchsRunStartsTheFetchTheKeyReadsStaleWhileTheActionLoads() async {
    let cache = QueryCache(clock: clock)
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    await screen.show("mona", staleTime: nil).value
    let run = screen.show("mona", staleTime: nil)
    #expect(screen.isLoading(for: .profile))
    #expect(cache.status(of: .profile("mona")) == .stale, "the run's task has not started the fetch yet")
    await run.value
    #expect(server.requests == ["mona", "mona"])
  }

  @Test func aFetchWinsOverAKeptFailureAndTheLoadableShowsBoth() async {
    let cache = QueryCache(clock: clock)
    let gate = Gate()
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    server.failing = ["mona"]
    await screen.show("mona", staleTime: nil, failureTime: .seconds(30)).value
    server.failing = []
    server.gate = gate
    let run = screen.show("mona", staleTime: .zero)
    await gate.arrivals(1)
    #expect(cache.status(of: .profile("mona")) == .fetching)
    let loadable = cache.loadable(for: .profile("mona"))
    #expect(loadable.isLoading && loadable.failure != nil)
    gate.open()
    await run.value
  }

  @Test func aFailureAnInvalidationEndedStaysTheKeysLastErrorUntilTheNextFetchEnds() async {
    let cache = QueryCache(clock: clock)
    let screen = ProfileScreen(server: server, cache: cache, clock: clock)
    server.failing = ["mona"]
    await screen.show("mona", staleTime: nil, failureTime: .seconds(30)).value
    screen.stopWatching(.profile)
    cache.invalidate(.profile("mona"))
    #expect(cache.status(of: .profile("mona")) == .failed, "no value: the failure still shows")
    #expect(cache.loadable(for: .profile("mona")).failure != nil)
    server.failing = []
    await screen.show("mona", staleTime: nil, failureTime: .seconds(30)).value
    #expect(server.requests == ["mona", "mona"], "it no longer answers dispatches")
    #expect(cache.loadable(for: .profile("mona")).failure == nil, "the next fetch's value ends it")
  }

  @Test func anInvalidationsRefetchRunsOncePerRunOnce() async {
    let cache = QueryCache(clock: clock)
    let screen = OncePerRunScreen(server: server, cache: cache, clock: clock)
    await screen.show("mona").value
    #expect(screen.oncePerRun == 1)
    await cache.invalidate(.profile("mona")).finished()
    #expect(screen.oncePerRun == 2, "the refetch repeats the dispatch, oncePerRun: included")
  }

  @Test func theOnSuccessHookHearsEachRunsSuccessNotAValueTheCacheHandsOver() async {
    let cache = QueryCache(clock: clock)
    let screen = OncePerRunScreen(server: server, cache: cache, clock: clock)
    await screen.show("mona", staleTime: .seconds(60)).value
    #expect(screen.hooked == ["MONA"] && screen.delivered == ["MONA"], "a fetch: both")
    await screen.show("mona", staleTime: .seconds(60)).value
    #expect(screen.hooked == ["MONA"] && screen.delivered == ["MONA", "MONA"], "a fresh value: the closure only")
    cache.setValue("Mona", for: .profile("mona"))
    #expect(screen.hooked == ["MONA"] && screen.delivered == ["MONA", "MONA", "Mona"], "a watched change: the closure")
  }
}

/// A screen whose query dispatch counts `oncePerRun:` and whose `onSuccess` hook records what it hears.
@MainActor
@Observable
final class OncePerRunScreen: BaseViewModel<ScreenAction> {
  var oncePerRun = 0
  var delivered: [String] = []
  var hooked: [String] = []
  @ObservationIgnored let server: QueryServer
  @ObservationIgnored let cache: QueryCache

  init(server: QueryServer, cache: QueryCache, clock: any Clock<Duration>) {
    self.server = server
    self.cache = cache
    super.init(clock: clock)
  }

  override func onSuccess<T>(actionId: ScreenAction, result: T) {
    if let name = result as? String { hooked.append(name) }
  }

  @discardableResult
  func show(_ login: String, staleTime: Duration? = nil) -> Task<Void, Never> {
    dispatch(
      actionId: .profile, query: .profile(login), in: cache, staleTime: staleTime,
      task: { [server] in try await server.profile(login) },
      onSuccess: { screen, name in screen.delivered.append(name) },
      oncePerRun: { screen, _ in screen.oncePerRun += 1 })
  }
}
