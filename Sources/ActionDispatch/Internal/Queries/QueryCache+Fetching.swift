extension QueryCache {
  /// Waits for the entry's fetch in flight, starting one with `task` when there is none.
  ///
  /// The caller's closures are its own; cancelling its task detaches it (it gets a
  /// `CancellationError`), and the fetch is cancelled when its last caller leaves.
  ///
  /// - Parameters:
  ///   - failureTime: How long a failure of a fetch this starts is kept on the key.
  ///   - watcher: The view model's watch whose run this is: the fetch's value reaches it through
  ///     the run, not again through the watch.
  ///   - onceOnSuccess: A once-per-run closure: the fetch calls the first of its callers' that
  ///     returns `true` (its view model is alive), before it resumes the callers.
  func join<Value>(
    _ entry: QueryEntry<Value>,
    failureTime: Duration?,
    watcher: QueryWatcher<Value>?,
    onceOnSuccess: (@MainActor (Value) -> Bool)? = nil,
    task: @escaping @MainActor () async throws -> Value
  ) async throws -> Value {
    try Task.checkCancellation()
    let inFlight = entry.activity?.fetch
    let fetch = inFlight.flatMap { $0.isOutdated ? nil : $0 } ?? start(entry, failureTime: failureTime, task: task)
    if let onceOnSuccess { fetch.onceOnSuccess.append(onceOnSuccess) }
    let caller = QueryCaller<Value>(watcher: watcher)
    fetch.join(caller)
    watcher?.await(fetch)
    return try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { caller.continuation = $0 }.value
    } onCancel: {
      Task { @MainActor in self.leave(caller, of: entry, fetch) }
    }
  }

  /// Starts the entry's fetch.
  private func start<Value>(
    _ entry: QueryEntry<Value>, failureTime: Duration?, task: @escaping @MainActor () async throws -> Value
  ) -> QueryFetch<Value> {
    let fetch = QueryFetch<Value>(
      failureTime: failureTime.map { max($0, .zero).wholeNanoseconds } ?? 0, sequence: nextSequence())
    entry.active.fetch = fetch
    fetch.task = Task { [weak self] in
      let result: Result<Value, any Error>
      do { result = .success(try await task()) } catch { result = .failure(error) }
      self?.finish(fetch, of: entry, with: result)
    }
    changed(entry)
    // The watches that cannot fetch follow it, each with a run of its view model.
    if let watchers = entry.activity?.watchers {
      for watcher in watchers where watcher.isWatching && !watcher.fetches {
        _ = watcher.handle?(.fetching(QueryFollow(cache: self, fetch: fetch)))
      }
    }
    return fetch
  }

  /// Waits for `fetch` to end without keeping it alive: the run of a watch that cannot fetch, so
  /// that its action loads while the fetch runs. The value reaches the watcher through its watch,
  /// as every new value of the key does, before this returns; a failure that is the key's
  /// (``keepsFailure``) is thrown, and so is `CancellationError` for one that reaches only the
  /// fetch's callers, or for the fetch cancelled when its last caller left: the action then
  /// just stops loading. Cancelling the run's task leaves the fetch alone.
  func follow<Value>(_ fetch: QueryFetch<Value>) async throws {
    if let outcome = fetch.outcome { return try outcome.get() }
    let follower = QueryCaller<Void>(watcher: nil)
    fetch.followers.append(follower)
    _ = try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { follower.continuation = $0 }
    } onCancel: {
      Task { @MainActor in
        guard follower.continuation != nil else { return }  // the fetch ended first
        fetch.followers.removeAll { $0 === follower }
        follower.resume(with: .failure(CancellationError()))
      }
    }
  }

  /// A caller whose task was cancelled leaves: it gets a `CancellationError` now, and the fetch is
  /// cancelled when it was the last caller.
  func leave<Value>(_ caller: QueryCaller<Value>, of entry: QueryEntry<Value>, _ fetch: QueryFetch<Value>) {
    guard caller.continuation != nil else { return }  // the fetch ended first
    caller.resume(with: .failure(CancellationError()))
    caller.watcher?.stopAwaiting(fetch)
    guard fetch.leave(caller) else { return }
    fetch.task?.cancel()
    fetch.endFollowers(with: .failure(CancellationError()))
    guard entry.activity?.fetch === fetch else { return }  // a newer fetch replaced it
    entry.activity?.fetch = nil
    entry.dropActivityIfIdle()
    changed(entry)
  }

  /// Records a fetch's result on its key, hands it to the callers, and gives a new value to the
  /// watchers that were not among them.
  ///
  /// A value is recorded only when nothing newer was recorded since the fetch started (a value
  /// set meanwhile wins, and the callers get that one); as stale when the key was invalidated
  /// while it ran (it may have read what a mutation replaced); and even when a newer fetch
  /// replaced it, so that what its callers show is what the cache holds. A failure is recorded
  /// by the key's current fetch alone. A fetch cancelled (its last caller left) records nothing.
  func finish<Value>(_ fetch: QueryFetch<Value>, of entry: QueryEntry<Value>, with result: Result<Value, any Error>) {
    let isCurrent = entry.activity?.fetch === fetch
    if isCurrent { entry.activity?.fetch = nil }
    guard isCurrent || fetch.attached > 0 else { return }  // cancelled: its last caller left
    switch result {
    case .success(let value):
      guard entry.wasWritten(before: fetch.sequence) else {
        // Something newer was recorded meanwhile: the callers get that.
        if isCurrent { changed(entry) }
        fetch.resume(with: entry.value.map { .success($0) } ?? result)
        fetch.endFollowers(with: .success(()))
        return entry.dropActivityIfIdle()
      }
      entry.record(value, at: now, writtenAt: fetch.sequence, isStale: fetch.isOutdated)
    case .failure(let error):
      // A failure that is not the key's fault (see `keepsFailure`) is its callers' alone.
      if isCurrent, keepsFailure(error) {
        entry.active.failure = error
        entry.active.failureUntil = now &+ fetch.failureTime
      }
    }
    if entry.isUnwatchedListed {
      list(entry)  // its time to be forgotten starts when its fetch ends
      forgetBeyondCapacity()
    }
    changed(entry)
    if case .success(let value) = result {
      for once in fetch.onceOnSuccess where once(value) { break }
      deliver(value, in: entry, skipping: fetch)
    }
    fetch.resume(with: result)
    fetch.endFollowers(with: result.map { _ in () }.mapError { keepsFailure($0) ? $0 : CancellationError() })
    entry.dropActivityIfIdle()
  }

  /// Gives `value` to the entry's watchers, except those whose run waits for `fetch` (their run
  /// delivers it); a watcher that stops watching meanwhile is skipped.
  func deliver<Value>(_ value: Value, in entry: QueryEntry<Value>, skipping fetch: QueryFetch<Value>?) {
    guard let watchers = entry.activity?.watchers, !watchers.isEmpty else { return }
    for watcher in watchers where watcher.isWatching {
      // A caller of `fetch` that is still waiting (it left, or its run delivers next) is skipped.
      if let fetch, watcher.awaiting === fetch { continue }
      _ = watcher.handle?(.value(value))
    }
  }
}
