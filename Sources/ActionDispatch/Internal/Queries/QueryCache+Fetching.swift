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
    watcher?.awaiting = fetch
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
    let fetch = QueryFetch<Value>(failureTime: failureTime.map { max($0, .zero).wholeNanoseconds } ?? 0)
    entry.active.fetch = fetch
    fetch.task = Task { [weak self] in
      let result: Result<Value, any Error>
      do { result = .success(try await task()) } catch { result = .failure(error) }
      self?.finish(fetch, of: entry, with: result)
    }
    changed(entry)
    return fetch
  }

  /// A caller whose task was cancelled leaves: it gets a `CancellationError` now, and the fetch is
  /// cancelled when it was the last caller.
  func leave<Value>(_ caller: QueryCaller<Value>, of entry: QueryEntry<Value>, _ fetch: QueryFetch<Value>) {
    guard caller.continuation != nil else { return }  // the fetch ended first
    caller.resume(with: .failure(CancellationError()))
    if let watcher = caller.watcher, watcher.awaiting === fetch { watcher.awaiting = nil }
    guard fetch.leave(caller) else { return }
    fetch.task?.cancel()
    guard entry.activity?.fetch === fetch else { return }  // a newer fetch replaced it
    entry.activity?.fetch = nil
    entry.dropActivityIfIdle()
    changed(entry)
  }

  /// Records a fetch's result on its key, hands it to the callers, and gives a new value to the
  /// watchers that were not among them. A fetch cancelled (its last caller left) records
  /// nothing, and one a newer fetch replaced (the key was invalidated) only answers its callers.
  /// A fetch the key was invalidated during records its value as stale: it may have read what
  /// the mutation replaced.
  func finish<Value>(_ fetch: QueryFetch<Value>, of entry: QueryEntry<Value>, with result: Result<Value, any Error>) {
    guard let activity = entry.activity, activity.fetch === fetch else { return fetch.resume(with: result) }
    activity.fetch = nil
    switch result {
    case .success(let value):
      entry.value = value
      entry.updatedAt = now
      entry.isInvalidated = fetch.isOutdated
      activity.failure = nil
    case .failure(let error):
      activity.failure = error
      activity.failureUntil = now &+ fetch.failureTime
    }
    if entry.isUnwatchedListed { list(entry) }  // its time to be forgotten starts when its fetch ends
    changed(entry)
    if case .success(let value) = result {
      for once in fetch.onceOnSuccess where once(value) { break }
    }
    fetch.resume(with: result)
    guard case .success(let value) = result else {
      entry.dropActivityIfIdle()
      return
    }
    deliver(value, in: entry, skipping: fetch)
    entry.dropActivityIfIdle()
  }

  /// Gives `value` to the entry's watchers, except those whose run waits for `fetch` (their run
  /// delivers it); a watcher that stops watching meanwhile is skipped.
  func deliver<Value>(_ value: Value, in entry: QueryEntry<Value>, skipping fetch: QueryFetch<Value>?) {
    guard let watchers = entry.activity?.watchers, !watchers.isEmpty else { return }
    for watcher in watchers {
      if let fetch, watcher.awaiting === fetch {
        watcher.awaiting = nil
        continue
      }
      if watcher.isWatching { watcher.deliver?(value) }
    }
  }
}
