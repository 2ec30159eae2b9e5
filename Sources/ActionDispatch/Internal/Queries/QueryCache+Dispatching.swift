extension QueryCache {
  /// The bookkeeping of a query dispatch that does not depend on the caller's value type being
  /// known: finds or makes the key's entry, makes the action watch it (cancelling the action's
  /// run for another key it showed), gives the watch `handle`, and says what the dispatch does.
  ///
  /// The query's side of a dispatch, as TanStack's `QueryObserver`: the view model's engine is
  /// asked only to end the action's runs and for its clock.
  @usableFromInline
  func prepareQuery<Value, ActionId>(
    _ actionId: ActionId,
    _ key: QueryKey<Value>,
    for engine: ActionEngine<ActionId>,
    staleTime: Duration?,
    failureTime: Duration?,
    retry: RetryPolicy?,
    timeout: Duration?,
    handle: @escaping @MainActor (QueryWatchEvent<Value>) -> Task<Void, Never>?
  ) -> QueryDispatchPlan<Value> {
    let entry = makeEntry(for: key)
    let now = self.now
    let isFresh = entry.isFresh(at: now, within: staleTime)
    let watcher = engine.queryWatches.watcher(
      of: actionId, for: entry, in: self, fetches: true, handle: handle,
      endRuns: { engine.cancelRunsIfLoading(of: actionId) })
    if isFresh, let value = entry.value { return .fresh(value) }
    // A refresh (`.zero`) asks the server even over a kept failure.
    if staleTime != .zero, !entry.isFetching, let kept = entry.keptFailure, now < kept.until {
      return .keptFailure(kept.error, staleValue: entry.value)
    }
    let join = QueryJoin(
      cache: self, entry: entry, watcher: watcher, failureTime: failureTime, retry: retry, timeout: timeout,
      clock: engine.clock)
    return .fetch(join, staleValue: entry.value)
  }

  /// The bookkeeping of a watch that cannot fetch
  /// (``ActionDispatching/watch(actionId:query:in:onSuccess:onFailure:)``): finds or makes the
  /// key's entry and makes the action watch it with `handle`.
  ///
  /// - Returns: The key's value, and the fetch in flight for the action to follow, if any.
  @usableFromInline
  func prepareWatch<Value, ActionId>(
    _ actionId: ActionId,
    _ key: QueryKey<Value>,
    for engine: ActionEngine<ActionId>,
    handle: @escaping @MainActor (QueryWatchEvent<Value>) -> Task<Void, Never>?
  ) -> (value: Value?, inFlight: QueryFollow<Value>?) {
    let entry = makeEntry(for: key)
    _ = engine.queryWatches.watcher(
      of: actionId, for: entry, in: self, fetches: false, handle: handle,
      endRuns: { engine.cancelRunsIfLoading(of: actionId) })
    return (entry.value, entry.activity?.fetch.map { QueryFollow(fetch: $0) })
  }
}
