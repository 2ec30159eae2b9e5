extension QueryCache {
  /// Waits for the entry's fetch in flight, starting one with `task` when there is none (or the
  /// one in flight was outdated by an invalidation).
  ///
  /// The fetch is a ``SharedWork``: the dispatch that starts it sets its `retry` and `timeout`;
  /// one that joins it cannot change them, and its own `timeout` detaches only it. Cancelling the
  /// caller's task detaches it alone (it gets a `CancellationError`), and the fetch is cancelled
  /// when its last caller leaves.
  ///
  /// - Parameters:
  ///   - failureTime: How long a failure of a fetch this starts is kept on the key.
  ///   - run: The view model's run, when a view model's watch dispatched: the fetch's value
  ///     reaches its watcher through the run, not again through the watch.
  ///   - once: A once-per-run closure: the fetch calls the first of its callers' that returns
  ///     `true` (its view model is alive), before it resumes the callers.
  ///   - retry: How a fetch this starts retries a failed attempt.
  ///   - timeout: The longest a fetch this starts may take; for a caller that joins, the longest
  ///     it waits.
  ///   - clock: The clock the retry's backoffs and the timeouts wait on; the cache's by default.
  func join<Value>(
    _ entry: QueryEntry<Value>,
    failureTime: Duration?,
    from run: QueryJoin<Value>?,
    once: (@MainActor (Value) -> Bool)? = nil,
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    clock: (any Clock<Duration>)? = nil,
    task: @escaping @MainActor () async throws -> Value
  ) async throws -> Value {
    try Task.checkCancellation()
    let clock = clock ?? self.clock
    let fetch: SharedWork<Value>
    var ownTimeout: Duration?
    if let activity = entry.activity, let inFlight = activity.fetch, !activity.isFetchOutdated {
      fetch = inFlight
      ownTimeout = timeout
    } else {
      fetch = start(entry, failureTime: failureTime, retry: retry, timeout: timeout, clock: clock, task: task)
    }
    if let once { fetch.addOnce(once) }
    guard let run else { return try await fetch.value(timeout: ownTimeout, clock: clock) }
    run.watcher.await(fetch)
    run.awaited = fetch
    return try await fetch.value(timeout: ownTimeout, clock: clock, observer: run)
  }

  /// Starts the entry's fetch.
  private func start<Value>(
    _ entry: QueryEntry<Value>,
    failureTime: Duration?,
    retry: RetryPolicy?,
    timeout: Duration?,
    clock: any Clock<Duration>,
    task: @escaping @MainActor () async throws -> Value
  ) -> SharedWork<Value> {
    let failureNanoseconds = failureTime.map { max($0, .zero).wholeNanoseconds } ?? 0
    let sequence = nextSequence()
    let fetch = SharedWork<Value>(retry: retry, timeout: timeout, clock: clock)
    let activity = entry.active
    activity.fetch = fetch
    activity.fetchStartedAt = sequence
    activity.invalidatedAt = sequence
    fetch.start({ _ in try await task() }) { [weak self] fetch, result in
      self?.finish(fetch, of: entry, startedAt: sequence, failureTime: failureNanoseconds, with: result)
    }
    changed(entry)
    // The watches that cannot fetch follow it, each with a run of its view model.
    if let watchers = entry.activity?.watchers {
      for watcher in watchers where watcher.isWatching && !watcher.fetches {
        _ = watcher.handle?(.fetching(QueryFollow(fetch: fetch)))
      }
    }
    return fetch
  }

  /// Records a fetch's result on its key, hands it to the callers, and gives a new value to the
  /// watchers that were not among them.
  ///
  /// A value is recorded only when nothing newer was recorded since the fetch started (a value
  /// set meanwhile wins, and the callers get that one); as stale when the key was invalidated
  /// while it ran (it may have read what a mutation replaced: a newer fetch replaced it, or the
  /// key's invalidation came after its start); and even when a newer fetch replaced it, so that
  /// what its callers show is what the cache holds. A failure is recorded by the key's current
  /// fetch alone. A fetch cancelled (its last caller left) records nothing.
  ///
  /// - Parameters:
  ///   - sequence: Its number on the cache's ``sequence``, taken when it started.
  ///   - failureTime: How long its failure is kept on the key, in nanoseconds.
  func finish<Value>(
    _ fetch: SharedWork<Value>, of entry: QueryEntry<Value>, startedAt sequence: UInt32, failureTime: Int64,
    with result: Result<Value, any Error>
  ) {
    let activity = entry.activity
    let isCurrent = activity?.fetch === fetch
    // A fetch is replaced only once outdated: its value is stale either way.
    let isStale = !isCurrent || activity?.isFetchOutdated == true
    if isCurrent { activity?.fetch = nil }
    guard !fetch.isAbandoned else {
      // Every caller left already; this lets go of them (each one's delivery holds the fetch).
      fetch.resume(with: .failure(CancellationError()))
      fetch.endFollowers(with: .failure(CancellationError()))
      guard isCurrent else { return }
      entry.dropActivityIfIdle()
      return changed(entry)
    }
    switch result {
    case .success(let value):
      guard entry.wasWritten(before: sequence) else {
        // Something newer was recorded meanwhile: the callers get that.
        if isCurrent { changed(entry) }
        fetch.resume(with: entry.value.map { .success($0) } ?? result)
        fetch.endFollowers(with: .success(()))
        return entry.dropActivityIfIdle()
      }
      entry.record(value, at: now, writtenAt: sequence, isStale: isStale)
    case .failure(let error):
      // A failure that is not the key's fault (see `keepsFailure`) is its callers' alone.
      if isCurrent, keepsFailure(error) {
        entry.active.failure = error
        entry.active.failureUntil = now &+ failureTime
      }
    }
    if entry.isUnwatchedListed {
      list(entry)  // its time to be forgotten starts when its fetch ends
      forgetBeyondCapacity()
    }
    changed(entry)
    if case .success(let value) = result {
      fetch.callOnce(with: value)
      deliver(value, in: entry, skipping: fetch)
    }
    fetch.resume(with: result)
    fetch.endFollowers(with: result.map { _ in () }.mapError { keepsFailure($0) ? $0 : CancellationError() })
    entry.dropActivityIfIdle()
  }

  /// Gives `value` to the entry's watchers, except those whose run waits for `fetch` (their run
  /// delivers it); a watcher that stops watching meanwhile is skipped.
  func deliver<Value>(_ value: Value, in entry: QueryEntry<Value>, skipping fetch: SharedWork<Value>?) {
    guard let watchers = entry.activity?.watchers, !watchers.isEmpty else { return }
    for watcher in watchers where watcher.isWatching {
      // A caller of `fetch` that is still waiting (its run delivers next) is skipped.
      if let fetch, watcher.awaiting === fetch { continue }
      _ = watcher.handle?(.value(value))
    }
  }
}
