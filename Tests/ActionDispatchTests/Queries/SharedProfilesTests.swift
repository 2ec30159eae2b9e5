import ActionDispatch
import ActionDispatchTesting
import Observation
import Testing

/// The article's list and detail screens, counted (issue 37, item 9).
@MainActor
@Suite(.serialExecutor) struct SharedProfilesTests {
  // snippet: shared-profile-test
  @Test func theDetailScreenShowsWhatTheListFetchedWithNoRequest() async {
    let service = ProfileService()
    let cache = QueryCache()
    let list = ProfileListScreen(service: service, cache: cache)
    list.select("mona")
    await waitUntil { list.selectedProfile != nil }
    let detail = ProfileDetailScreen(login: "mona", service: service, cache: cache)
    detail.load()
    #expect(detail.profileState.phase == .loaded(UserProfile(login: "mona", name: "Mona")))
    #expect(service.requests == 1)
  }
  // end snippet: shared-profile-test

  @Test func aRenameRefetchesOnceForBothScreens() async {
    let service = ProfileService()
    let cache = QueryCache()
    let list = ProfileListScreen(service: service, cache: cache)
    list.select("mona")
    await waitUntil { list.selectedProfile != nil }
    let detail = ProfileDetailScreen(login: "mona", service: service, cache: cache)
    detail.load()
    await detail.rename(to: "Mona Lisa").value
    await waitUntil { !detail.isLoading(for: .load) && !list.isLoading(for: .selectedProfile) }
    #expect(detail.profile?.name == "Mona Lisa")
    #expect(list.selectedProfile?.name == "Mona Lisa")
    #expect(service.requests == 2, "one refetch, joined by both watchers")
  }

  @Test func aRefreshKeepsTheProfileShownAndReachesTheOtherScreen() async {
    let service = ProfileService()
    let cache = QueryCache()
    let list = ProfileListScreen(service: service, cache: cache)
    let detail = ProfileDetailScreen(login: "mona", service: service, cache: cache)
    await detail.load().value
    list.select("mona")
    service.names["mona"] = "Mona L."
    let gate = Gate()
    service.gate = gate
    let refresh = Task { await detail.refresh() }
    await gate.arrivals(1)
    #expect(detail.profileState.isRefreshing, "the profile stays on screen while it refreshes")
    #expect(detail.profile?.name == "Mona")
    gate.open()
    await refresh.value
    #expect(detail.profile?.name == "Mona L.")
    #expect(list.selectedProfile?.name == "Mona L.")
    #expect(service.requests == 2)
    #expect(cache.status(of: .userProfile("mona")) == .fresh, "a refresh leaves the key's stale time as it was")
  }
}

/// A list that starts as `[]` reads as loaded when the cache answers it, whether fresh, stale or
/// from another view model's fetch (issue 39's Loadable, for cached values).
@MainActor
@Suite(.serialExecutor) struct CachedLoadableTests {
  @MainActor
  @Observable
  final class FollowersScreen: BaseViewModel<ScreenAction> {
    var followers: [String] = []
    var state: Loadable<[String]> { loadable(\.followers, of: .followers) }
    @ObservationIgnored let server: QueryServer
    @ObservationIgnored let cache: QueryCache

    init(server: QueryServer, cache: QueryCache, clock: any Clock<Duration>) {
      self.server = server
      self.cache = cache
      super.init(clock: clock)
    }

    @discardableResult
    func load(staleTime: Duration? = .seconds(60)) -> Task<Void, Never> {
      dispatch(
        actionId: .followers, query: .followers("mona"), in: cache, staleTime: staleTime,
        task: { [server] in try await server.followers("mona") }
      ) { screen, followers in
        screen.followers = followers
      }
    }
  }

  let clock = TestClock()
  let server = QueryServer()

  @Test func aFreshAnswerIsLoaded() async {
    let cache = QueryCache(clock: clock)
    let first = FollowersScreen(server: server, cache: cache, clock: clock)
    await first.load().value
    let second = FollowersScreen(server: server, cache: cache, clock: clock)
    second.load()
    #expect(second.state.phase == .loaded(["a", "b"]))
    #expect(!second.state.isRefreshing)
  }

  @Test func aStaleAnswerIsLoadedAndRefreshing() async {
    let cache = QueryCache(clock: clock)
    let first = FollowersScreen(server: server, cache: cache, clock: clock)
    await first.load().value
    await clock.advance(by: .seconds(61))
    let second = FollowersScreen(server: server, cache: cache, clock: clock)
    let run = second.load()
    #expect(second.state.phase == .loaded(["a", "b"]))
    #expect(second.state.isRefreshing)
    await run.value
    #expect(second.state.phase == .loaded(["a", "b"]) && !second.state.isLoading)
  }

  @Test func aValueFromAnotherViewModelsFetchIsLoaded() async {
    let cache = QueryCache(clock: clock)
    server.gate = nil
    let watcher = FollowersScreen(server: server, cache: cache, clock: clock)
    watcher.dispatch(
      actionId: .followers, query: .followers("mona"), in: cache, staleTime: .seconds(60),
      task: { throw TestError() }
    ) { screen, followers in
      screen.followers = followers
    }
    await waitUntil { watcher.state.phase == .failed(TestError().message) }
    cache.setValue(["c"], for: .followers("mona"))
    #expect(watcher.state.phase == .loaded(["c"]), "a value set by anyone reaches the watcher, loaded")
  }
}
