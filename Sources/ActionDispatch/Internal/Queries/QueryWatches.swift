/// A view model's watches, one per action that dispatched a key; released with the view model,
/// which ends them all.
@MainActor
final class QueryWatches<ActionId: Hashable> {
  /// The watch of each action.
  private var byAction: [ActionId: any QueryWatching] = [:]

  init() {}

  /// The action's watch, whatever it watches.
  func watch(of actionId: ActionId) -> (any QueryWatching)? {
    byAction[actionId]
  }

  /// Every key watched, once each (two actions may watch one key), with its value now, by path.
  var watchedKeys: [(path: String, value: Any?)] {
    var seen: Set<String> = []
    return byAction.values.map(\.watchedKey).filter { seen.insert($0.path).inserted }.sorted { $0.path < $1.path }
  }

  /// Ends the action's watch, if it has one.
  func stop(_ actionId: ActionId) {
    byAction.removeValue(forKey: actionId)?.end()
  }

  /// The action's watch of `entry`: the one it has, or a new one that replaces its watch of
  /// another key (`endRuns` then ends the action's run for that key); given `handle`, and
  /// whether the action fetches the key.
  ///
  /// The watch it has is found typed among the entry's watchers, at its place there: no cast.
  func watcher<Value>(
    of actionId: ActionId,
    for entry: QueryEntry<Value>,
    in cache: QueryCache,
    fetches: Bool,
    handle: @escaping @MainActor (QueryWatchEvent<Value>) -> Task<Void, Never>?,
    endRuns: () -> Void
  ) -> QueryWatcher<Value> {
    let watcher: QueryWatcher<Value>
    if let existing = byAction[actionId], existing.watches(entry, in: cache), let watchers = entry.activity?.watchers,
      existing.index < watchers.count, watchers[existing.index] === existing
    {
      watcher = watchers[existing.index]
    } else {
      // The action shows another key now: its run for the old one ends.
      endRuns()
      watcher = cache.watch(entry)
      set(watcher, for: actionId)
    }
    watcher.handle = handle
    watcher.fetches = fetches
    return watcher
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
