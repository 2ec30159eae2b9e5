extension ActionEngine {
  /// The bookkeeping of a query dispatch that does not depend on the caller's value type being
  /// known: finds or makes the key's entry, makes the action watch it (cancelling the action's
  /// run for another key it showed), gives the watch `handle`, and says what the dispatch does.
  @usableFromInline
  func prepareQuery<Value>(
    _ actionId: ActionId,
    _ key: QueryKey<Value>,
    in cache: QueryCache,
    staleTime: Duration?,
    failureTime: Duration?,
    handle: @escaping @MainActor (QueryWatchEvent<Value>) -> Task<Void, Never>?
  ) -> QueryDispatchPlan<Value> {
    let entry = cache.makeEntry(for: key)
    let now = cache.now
    let isFresh = entry.isFresh(at: now, within: staleTime)
    let watcher = watcher(of: actionId, for: entry, in: cache, fetches: true, handle: handle)
    if isFresh, let value = entry.value { return .fresh(value) }
    // A refresh (`.zero`) asks the server even over a kept failure.
    if staleTime != .zero, !entry.isFetching, let kept = entry.keptFailure, now < kept.until {
      return .keptFailure(kept.error, staleValue: entry.value)
    }
    return .fetch(
      QueryJoin(cache: cache, entry: entry, watcher: watcher, failureTime: failureTime), staleValue: entry.value)
  }
}

extension ActionEngine {
  /// Ends the action's watch of the key it last dispatched or watched, if any
  /// (``BaseViewModel/stopWatching(_:)``).
  func stopWatching(_ actionId: ActionId) {
    queryWatchesIfMade?.stop(actionId)
  }

  /// The action's watch of `entry`: the one it has, or a new one that replaces its watch of
  /// another key (whose run then ends); given `handle`, and whether the action fetches the key.
  func watcher<Value>(
    of actionId: ActionId,
    for entry: QueryEntry<Value>,
    in cache: QueryCache,
    fetches: Bool,
    handle: @escaping @MainActor (QueryWatchEvent<Value>) -> Task<Void, Never>?
  ) -> QueryWatcher<Value> {
    let watches = queryWatches
    let watcher: QueryWatcher<Value>
    if let existing = watches.watch(of: actionId), existing.watches(entry, in: cache) {
      watcher = unsafeDowncast(existing, to: QueryWatcher<Value>.self)  // it watches this entry: its type
    } else {
      // The action shows another key now: its run for the old one ends.
      if states[actionId]?.isLoading == true { cancelRuns(of: actionId) }
      watcher = cache.watch(entry)
      watches.set(watcher, for: actionId)
    }
    watcher.handle = handle
    watcher.fetches = fetches
    return watcher
  }

  /// The bookkeeping of a watch that cannot fetch
  /// (``ActionDispatching/watch(actionId:query:in:onSuccess:onFailure:)``): finds or makes the
  /// key's entry and makes the action watch it with `handle`.
  ///
  /// - Returns: The key's value, and the fetch in flight for the action to follow, if any.
  @usableFromInline
  func prepareWatch<Value>(
    _ actionId: ActionId,
    _ key: QueryKey<Value>,
    in cache: QueryCache,
    handle: @escaping @MainActor (QueryWatchEvent<Value>) -> Task<Void, Never>?
  ) -> (value: Value?, inFlight: QueryFollow<Value>?) {
    let entry = cache.makeEntry(for: key)
    _ = watcher(of: actionId, for: entry, in: cache, fetches: false, handle: handle)
    return (entry.value, entry.activity?.fetch.map { QueryFollow(cache: cache, fetch: $0) })
  }
}

/// What a query dispatch does, as ``ActionEngine/prepareQuery(_:_:in:staleTime:failureTime:handle:)`` decided.
extension ActionEngine {
  /// Answers a dispatch from a ``QueryCache``'s fresh value: no run, no loading; the action's old
  /// error is cleared, `deliver` gives the caller the value, and `fresh` is emitted.
  @usableFromInline
  func answerFromCache(_ actionId: ActionId, _ deliver: () -> Void) {
    delivering {
      if let state = states[actionId], state.failure != nil {
        setFailure(nil, state, of: actionId)
        reclaimIfIdle(state, of: actionId)
      }
      noteCachedSuccess(of: actionId)
      deliver()
      post(.fresh(takeRunID(), onFinish: nil), of: actionId)
    }
  }

  /// A ``QueryCache`` gave the action a value with no run of its own (fresh, stale, or another
  /// view model's fetch): for ``Loadable``, the action has succeeded, as a run's success says.
  @usableFromInline
  func noteCachedSuccess(of actionId: ActionId) {
    let order = outcomes.take()
    if let state = states[actionId] {
      state.successOrder = order
    } else {
      outcomes.recordSuccess(of: actionId, order: order)
    }
  }
}

@usableFromInline
enum QueryDispatchPlan<Value> {
  /// Answer with the fresh value; no run.
  case fresh(Value)
  /// Fail at once with the failure kept on the key, showing the value it still has first.
  case keptFailure(any Error, staleValue: Value?)
  /// A run that joins the key's fetch, showing the value it still has first.
  case fetch(QueryJoin<Value>, staleValue: Value?)
}

/// A view model's run's part in a key's fetch: what its work calls.
@usableFromInline
@MainActor
final class QueryJoin<Value> {
  let cache: QueryCache
  let entry: QueryEntry<Value>
  let watcher: QueryWatcher<Value>
  let failureTime: Duration?

  init(cache: QueryCache, entry: QueryEntry<Value>, watcher: QueryWatcher<Value>, failureTime: Duration?) {
    self.cache = cache
    self.entry = entry
    self.watcher = watcher
    self.failureTime = failureTime
  }

  /// Joins the key's fetch (starting one with `task` when none is in flight) and waits for it.
  @usableFromInline
  func run(
    once: (@MainActor (Value) -> Bool)?, task: @escaping @MainActor () async throws -> Value
  ) async throws
    -> Value
  {
    try await cache.join(entry, failureTime: failureTime, watcher: watcher, onceOnSuccess: once, task: task)
  }
}

/// A watching view model's run's part in a fetch another view model started: it waits for the
/// fetch without keeping it alive (see ``QueryCache/follow(_:)``).
@usableFromInline
@MainActor
final class QueryFollow<Value> {
  let cache: QueryCache
  let fetch: QueryFetch<Value>

  init(cache: QueryCache, fetch: QueryFetch<Value>) {
    self.cache = cache
    self.fetch = fetch
  }

  /// Waits for the fetch to end; its value reaches the watcher through the watch.
  @usableFromInline
  func run() async throws {
    try await cache.follow(fetch)
  }
}
