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
  /// Gives the view model a new value (its dispatch's `onSuccess`), while it lives.
  var deliver: (@MainActor (Value) -> Void)?
  /// Asks the view model to fetch again (its dispatch, repeated), while it lives.
  var refetch: (@MainActor () -> Void)?
  /// Its place in the entry's watchers, for removal in constant time.
  var index = 0
  /// The fetch its view model's run is waiting for: that fetch's value reaches it through the run.
  var awaiting: QueryFetch<Value>?
  /// Whether it is still among the entry's watchers.
  var isWatching = true

  init(cache: QueryCache, entry: QueryEntry<Value>) {
    self.cache = cache
    self.entry = entry
  }

  var path: QueryKeyPath { entry.path }

  func end() {
    cache.unwatch(self)
  }

  func watches(_ other: QueryEntryBase, in cache: QueryCache) -> Bool {
    other === entry && cache === self.cache
  }
}

/// A watch, whatever its key's type: what a view model keeps per action (``QueryWatches``).
@MainActor
protocol QueryWatching: AnyObject {
  /// Stops watching.
  func end()
  /// Whether it watches `entry` in `cache`.
  func watches(_ entry: QueryEntryBase, in cache: QueryCache) -> Bool
}

/// A view model's watches, one per action that dispatched a key; released with the view model,
/// which ends them all.
@MainActor
final class QueryWatches<ActionId: Hashable> {
  /// The watch of each action.
  private var byAction: [ActionId: any QueryWatching] = [:]

  init() {}

  /// The action's watch, if it watches `entry` in `cache`.
  func watch<Value>(of actionId: ActionId, _ entry: QueryEntry<Value>, in cache: QueryCache) -> QueryWatcher<Value>? {
    guard let watch = byAction[actionId], watch.watches(entry, in: cache) else { return nil }
    return watch as? QueryWatcher<Value>
  }

  /// Whether the action watches a key other than `entry` (it showed another one).
  func watchesOther(than entry: QueryEntryBase, in cache: QueryCache, for actionId: ActionId) -> Bool {
    guard let watch = byAction[actionId] else { return false }
    return !watch.watches(entry, in: cache)
  }

  /// Ends the action's watch, if it has one.
  func stop(_ actionId: ActionId) {
    byAction.removeValue(forKey: actionId)?.end()
  }

  /// Makes `watch` the action's, ending the one it replaces.
  func set(_ watch: any QueryWatching, for actionId: ActionId) {
    let old = byAction.updateValue(watch, forKey: actionId)
    old?.end()
  }

  isolated deinit {
    for watch in byAction.values { watch.end() }
  }
}
