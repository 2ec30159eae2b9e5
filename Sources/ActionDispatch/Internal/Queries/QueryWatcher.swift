/// One view model's watch of a key, for one of its actions: what the cache calls when the key's
/// value changes or is invalidated.
///
/// A view model watches a key from its first dispatch of it until it is released, or until the
/// same action dispatches another key (the screen shows that one now). Its closures hold the
/// view model weakly.
@MainActor
final class QueryWatcher<Value>: QueryWatching {
  /// The cache it watches in.
  let cache: QueryCache
  /// The entry it watches.
  let entry: QueryEntry<Value>
  /// Tells the view model, while it lives, of a new value (its dispatch's `onSuccess` gets it),
  /// of an invalidation (its dispatch is repeated; the refetch's run is returned) or, for a watch
  /// that cannot fetch, of a fetch that started (its action follows it): one closure, made once
  /// per dispatch.
  var handle: (@MainActor (QueryWatchEvent<Value>) -> Task<Void, Never>?)?
  /// Whether its action fetches the key (a query dispatch) or only watches it
  /// (``ActionDispatching/watch(actionId:query:in:onSuccess:onFailure:)``): an invalidation
  /// refetches only for the first, and a fetch another view model starts is followed only by the
  /// second.
  var fetches = true
  /// Its place in the entry's watchers, for removal in constant time.
  var index = 0
  /// The fetch its view model's runs are waiting for, and how many of them: that fetch's value
  /// reaches them through the runs.
  var awaiting: SharedWork<Value>?
  var awaitingRuns = 0
  /// Whether it is still among the entry's watchers.
  var isWatching = true

  init(cache: QueryCache, entry: QueryEntry<Value>) {
    self.cache = cache
    self.entry = entry
  }

  func end() {
    cache.unwatch(self)
  }

  func watches(_ other: QueryEntryBase, in cache: QueryCache) -> Bool {
    other === entry && cache === self.cache
  }

  var watchedKey: (path: String, value: Any?) {
    (entry.path.components.joined(separator: "/"), entry.value)
  }

  /// A run of its view model waits for `fetch`.
  func await(_ fetch: SharedWork<Value>) {
    if awaiting === fetch {
      awaitingRuns += 1
    } else {
      awaiting = fetch
      awaitingRuns = 1
    }
  }

  /// A run of its view model waits for `fetch` no more (it left, or got the result).
  func stopAwaiting(_ fetch: SharedWork<Value>) {
    guard awaiting === fetch else { return }
    awaitingRuns -= 1
    if awaitingRuns <= 0 {
      awaiting = nil
      awaitingRuns = 0
    }
  }
}

/// What a watch tells its view model.
@usableFromInline
enum QueryWatchEvent<Value> {
  /// The key has a new value: fetched by another view model, or set.
  case value(Value)
  /// The key was invalidated: fetch it again.
  case invalidated
  /// A fetch of the key started, for a watch that cannot fetch: follow it.
  case fetching(QueryFollow<Value>)
}

/// A watch, whatever its key's type: what a view model keeps per action (``QueryWatches``).
@MainActor
protocol QueryWatching: AnyObject {
  /// Stops watching.
  func end()
  /// Whether it watches `entry` in `cache`.
  func watches(_ entry: QueryEntryBase, in cache: QueryCache) -> Bool
  /// The key it watches, as its path reads (`users/mona/profile`), and the key's value now.
  var watchedKey: (path: String, value: Any?) { get }
  /// Its place in its entry's watchers: there, it is found typed.
  var index: Int { get }
}
