import ActionDispatch
import ActionDispatchTesting
import Testing

extension QueryKey<String> {
  /// The first follower's name, as a detail screen shows it.
  static func firstFollower(of login: String) -> Self { QueryKey("users", login, "first-follower") }
}

/// A key with no value seeded from another key's value, with the source's age
/// (`QueryCache.seed(_:from:_:)`, TanStack's `initialData` with `initialDataUpdatedAt`).
@MainActor
@Suite(.serialExecutor) struct QuerySeedTests {
  let clock = TestClock()
  let server = QueryServer()

  @Test func aSeededKeyIsAsOldAsItsSourceSoADispatchWithinTheStaleTimeSendsNothing() async {
    let cache = QueryCache(clock: clock)
    let list = ProfileScreen(server: server, cache: cache, clock: clock)
    await list.showFollowers("mona").value
    await clock.advance(by: .seconds(40))
    // snippet: seed-from-list
    let seeded = cache.seed(.firstFollower(of: "mona"), from: .followers("mona")) { followers in
      followers.first
    }
    // end snippet: seed-from-list
    #expect(seeded)
    #expect(cache.value(for: .firstFollower(of: "mona")) == "a")
    #expect(cache.snapshot().first { $0.description.hasSuffix("first-follower") }?.age == .seconds(40))
    let detail = FirstFollowerScreen(server: server, cache: cache, clock: clock)
    await detail.show("mona", staleTime: .seconds(60)).value
    #expect(detail.shown == ["a"], "at once")
    #expect(server.requests == ["followers:mona"], "fresh as its source: no request")
    await clock.advance(by: .seconds(30))
    await detail.show("mona", staleTime: .seconds(60)).value
    #expect(server.requests == ["followers:mona", "first:mona"], "stale once the source's age passes it")
  }

  @Test func aKeyWithAValueOrAFetchInFlightIsNotSeeded() async {
    let cache = QueryCache(clock: clock)
    cache.setValue(["a"], for: .followers("mona"))
    cache.setValue("z", for: .firstFollower(of: "mona"))
    #expect(!cache.seed(.firstFollower(of: "mona"), from: .followers("mona")) { $0.first })
    #expect(cache.value(for: .firstFollower(of: "mona")) == "z")
    let gate = Gate()
    server.gate = gate
    let detail = FirstFollowerScreen(server: server, cache: cache, clock: clock)
    let run = detail.show("hubot", staleTime: nil)
    await gate.arrivals(1)
    cache.setValue(["b"], for: .followers("hubot"))
    #expect(!cache.seed(.firstFollower(of: "hubot"), from: .followers("hubot")) { $0.first }, "the fetch is newer")
    gate.open()
    await run.value
    #expect(detail.shown == ["FIRST"])
  }

  @Test func nothingIsSeededFromAnAbsentSourceOrWhenTheTransformFindsNothing() {
    let cache = QueryCache(clock: clock)
    #expect(!cache.seed(.firstFollower(of: "mona"), from: .followers("mona")) { $0.first })
    cache.setValue([], for: .followers("mona"))
    #expect(!cache.seed(.firstFollower(of: "mona"), from: .followers("mona")) { $0.first })
    #expect(cache.status(of: .firstFollower(of: "mona")) == .absent, "no key made")
    #expect(cache.count == 1)
  }

  @Test func aSeedFromAnInvalidatedSourceIsStaleAndReachesTheKeysWatchers() async {
    let cache = QueryCache(clock: clock)
    cache.setValue("Mona", for: .profile("hubot"))
    cache.invalidate(.profile("hubot"))
    let watcher = ProfileScreen(server: server, cache: cache, clock: clock)
    await watcher.watchProfile("mona").value
    #expect(cache.seed(.profile("mona"), from: .profile("hubot")))
    #expect(cache.status(of: .profile("mona")) == .stale)
    #expect(watcher.delivered == ["Mona"], "a watcher gets the seed")
  }
}

/// A detail screen that shows the first follower under a key of its own.
@MainActor
@Observable
final class FirstFollowerScreen: BaseViewModel<ScreenAction> {
  var shown: [String] = []
  @ObservationIgnored let server: QueryServer
  @ObservationIgnored let cache: QueryCache

  init(server: QueryServer, cache: QueryCache, clock: any Clock<Duration>) {
    self.server = server
    self.cache = cache
    super.init(clock: clock)
  }

  @discardableResult
  func show(_ login: String, staleTime: Duration?) -> Task<Void, Never> {
    dispatch(
      actionId: .profile, query: .firstFollower(of: login), in: cache, staleTime: staleTime,
      task: { [server] in
        server.requests.append("first:\(login)")
        if let gate = server.gate { try await gate.pass() }
        return "FIRST"
      }
    ) { screen, name in
      screen.shown.append(name)
    }
  }
}
