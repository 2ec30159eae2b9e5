extension ActionDispatching {
  /// Runs an action that reads a key of a ``QueryCache``: the value is shared with every view
  /// model that reads the key, fetched once for all of them.
  ///
  /// ```swift
  /// func loadProfile(_ login: String) {
  ///   dispatch(actionId: .profile, query: .profile(login), in: cache, staleTime: .seconds(60), task: { [service] in
  ///     try await service.profile(login)
  ///   }) { viewModel, profile in
  ///     viewModel.profile = profile
  ///   }
  /// }
  /// ```
  ///
  /// What the dispatch does depends on what the cache holds for the key:
  /// - **A fresh value** (younger than the key's stale time, not invalidated): `onSuccess` gets it
  ///   at once, before `dispatch` returns; no run starts, the action does not load, its old error
  ///   is cleared, and ``ActionEvent/Kind/fresh`` is emitted.
  /// - **A stale value**: `onSuccess` gets it at once, and a run fetches the key again; the action
  ///   loads meanwhile (a ``Loadable`` shows the value under `isRefreshing`), then `onSuccess`
  ///   gets the new value.
  /// - **A failure kept on the key** (see `failureTime`): `onSuccess` gets the value the key still
  ///   has, if any, and a run fails with the failure at once, with no fetch.
  /// - **Nothing**: a run fetches the key.
  ///
  /// A run joins the key's fetch in flight, whichever view model started it, with the `retry:`
  /// and `timeout:` its starter gave; the fetch is the cache's, so releasing or cancelling the view model that started it detaches only that one,
  /// and the fetch is cancelled when its last caller leaves. Each view model's own loading,
  /// error, hooks and events say what that view model shows: each dispatch that fetches is a run
  /// of the view model (``ActionEvent/Kind/started``, then its end), and a second dispatch of
  /// the action while the first waits is a second run joining the same fetch, each delivering
  /// to its own closures once.
  ///
  /// The action watches the key from now until the view model is released or the action
  /// dispatches another key: when any view model fetches or sets the key, `onSuccess` gets the
  /// new value, and invalidating the key (``QueryCache/invalidate(_:)``) repeats this dispatch
  /// at once. A dispatch of another key cancels the action's run for the key it showed.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - key: The key to read.
  ///   - cache: The cache that holds it.
  ///   - staleTime: How long a value stays fresh; remembered on the key, for every view model,
  ///     unless it is `.zero`: a refresh, which fetches now and leaves the key's stale time as it was.
  ///     `nil` keeps what the key has (the cache's ``QueryCache/defaultStaleTime``, zero unless
  ///     set, for a new key: every dispatch then fetches, showing the value it has meanwhile).
  ///   - failureTime: How long a failure of a fetch this starts answers dispatches of the key
  ///     without a fetch, once its last attempt failed; none by default.
  ///   - retry: How a fetch this dispatch starts retries when it throws; no retries by default.
  ///     The fetch's retry is its starter's: a dispatch that joins a fetch in flight cannot change
  ///     it, and while the fetch waits out a backoff the key reads fetching and a dispatch joins it.
  ///   - timeout: The longest a fetch this dispatch starts may take, retries included: when it
  ///     passes, the fetch fails for every caller with an ``ActionTimeoutError``. For a dispatch
  ///     that joins a fetch in flight, the longest this view model's run waits: it fails alone
  ///     and leaves the fetch to the others.
  ///   - task: The work that fetches the value. Capture what it needs (`[service] in`), not `self`:
  ///     another view model's dispatch may be the one whose work runs.
  ///   - onSuccess: Receives the view model and the value, typed, on the main actor: the cached
  ///     value, the fetched one, and each new value of the key while the action watches it.
  ///   - onFailure: Receives the view model and the run's error, on the main actor.
  ///   - oncePerRun: Receives the view model and the value once per fetch, however many view
  ///     models joined it: the first caller's whose view model is still alive, before any
  ///     caller's `onSuccess`. Not called for a cached value.
  /// - Returns: The run's task (already complete when answered fresh); cancelling it detaches
  ///   this view model from the fetch.
  @inlinable @discardableResult
  public func dispatch<Value>(
    actionId: ActionId,
    query key: QueryKey<Value>,
    in cache: QueryCache,
    staleTime: Duration? = nil,
    failureTime: Duration? = nil,
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    task: @escaping @MainActor () async throws -> Value,
    onSuccess: (@MainActor (Self, Value) -> Void)? = nil,
    onFailure: (@MainActor (Self, any Error) -> Void)? = nil,
    oncePerRun: (@MainActor (Self, Value) -> Void)? = nil
  ) -> Task<Void, Never> {
    dispatchQuery(
      actionId, key, cache, staleTime: staleTime, failureTime: failureTime, retry: retry, timeout: timeout,
      task: task, onSuccess: onSuccess, onFailure: onFailure, oncePerRun: oncePerRun, deliversCachedValue: true)
  }

  /// Runs an action that reads a key of a ``QueryCache`` and waits for its run to end; cancelling
  /// the waiting task detaches this view model from the fetch.
  ///
  /// The form for SwiftUI's `.refreshable` and `.task`. Everything
  /// ``dispatch(actionId:query:in:staleTime:failureTime:retry:timeout:task:onSuccess:onFailure:oncePerRun:)``
  /// says holds; `staleTime: .zero` refetches now, showing the value meanwhile:
  ///
  /// ```swift
  /// func refresh() async {
  ///   await dispatchAndWait(actionId: .load, query: .userProfile(login), in: cache, staleTime: .zero, task: {
  ///     [service, login] in try await service.profile(login)
  ///   }) { screen, profile in
  ///     screen.profile = profile
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - key: The key to read.
  ///   - cache: The cache that holds it.
  ///   - staleTime: How long a value stays fresh (`.zero`: refetch now).
  ///   - failureTime: How long a failure of a fetch this starts is kept on the key.
  ///   - retry: How a fetch this dispatch starts retries when it throws; a joined fetch keeps its starter's.
  ///   - timeout: The longest a fetch this dispatch starts may take, for every caller; for a
  ///     dispatch that joins one, the longest this view model's run waits.
  ///   - task: The work that fetches the value.
  ///   - onSuccess: Receives the view model and each value.
  ///   - onFailure: Receives the view model and the run's error.
  ///   - oncePerRun: Receives the view model and the value once per fetch.
  @inlinable
  public func dispatchAndWait<Value>(
    actionId: ActionId,
    query key: QueryKey<Value>,
    in cache: QueryCache,
    staleTime: Duration? = nil,
    failureTime: Duration? = nil,
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    task: @escaping @MainActor () async throws -> Value,
    onSuccess: (@MainActor (Self, Value) -> Void)? = nil,
    onFailure: (@MainActor (Self, any Error) -> Void)? = nil,
    oncePerRun: (@MainActor (Self, Value) -> Void)? = nil
  ) async {
    await ActionEngine<ActionId>.waitFor(
      dispatch(
        actionId: actionId, query: key, in: cache, staleTime: staleTime, failureTime: failureTime, retry: retry,
        timeout: timeout, task: task, onSuccess: onSuccess, onFailure: onFailure, oncePerRun: oncePerRun))
  }

  /// Shows a key of a ``QueryCache`` that other view models fetch, with no fetch of its own: a
  /// detail screen beside the list that loads the rows, a badge beside the screen that loads the
  /// count.
  ///
  /// ```swift
  /// func showCard(of login: String) {
  ///   watch(actionId: .card, query: .followerCard(login), in: cache) { screen, card in
  ///     screen.card = card
  ///   }
  /// }
  /// ```
  ///
  /// The action watches the key from now until the view model is released, the action watches or
  /// dispatches another key, or ``BaseViewModel/stopWatching(_:)``:
  /// - `onSuccess` gets the key's value at once, if the cache holds one, then every new value —
  ///   fetched by any view model, or set.
  /// - While any view model fetches the key, the action loads: each fetch is followed by a run
  ///   of this view model (``ActionEvent/Kind/started``, then its end), which ends with the
  ///   fetch — succeeded, once `onSuccess` got the value; failed with a failure that is the
  ///   key's (see ``QueryCache/init(clock:gcTime:capacity:defaultStaleTime:keepsFailure:)``), to
  ///   `onFailure`; cancelled otherwise. Cancelling that run (``BaseViewModel/cancel(_:)``)
  ///   stops the loading, not the watch.
  /// - It never keeps a fetch alive: a fetch is cancelled when the last view model that fetches
  ///   leaves it, and the following run then ends as cancelled.
  /// - It never fetches: invalidating a key that only such watches watch marks it stale, and
  ///   the next dispatch that fetches it fetches.
  ///
  /// - Parameters:
  ///   - actionId: The action that shows the key: its loading, error and events.
  ///   - key: The key to show.
  ///   - cache: The cache that holds it.
  ///   - onSuccess: Receives the view model and each value, typed, on the main actor.
  ///   - onFailure: Receives the view model and the failure of a fetch it followed.
  /// - Returns: The run that follows the fetch in flight, if one is; else a completed task.
  @inlinable @discardableResult
  public func watch<Value>(
    actionId: ActionId,
    query key: QueryKey<Value>,
    in cache: QueryCache,
    onSuccess: (@MainActor (Self, Value) -> Void)? = nil,
    onFailure: (@MainActor (Self, any Error) -> Void)? = nil
  ) -> Task<Void, Never> {
    let base = dispatchingBase.engine
    // The fetch's value reaches `onSuccess` through the watch; the run shows the action loading.
    let follow = { @MainActor (viewModel: Self, follow: QueryFollow<Value>) -> Task<Void, Never> in
      viewModel.dispatch(actionId: actionId, task: { try await follow.run() }, onFailure: onFailure)
    }
    let (value, inFlight) = cache.prepareWatch(
      actionId, key, for: base,
      handle: { [weak self] event in
        guard let viewModel = self else { return nil }
        switch event {
        case .value(let value):
          viewModel.showCached(value, of: actionId, onSuccess)
          return nil
        case .invalidated:
          return nil  // it cannot fetch
        case .fetching(let fetch):
          return follow(viewModel, fetch)
        }
      })
    if let value { showCached(value, of: actionId, onSuccess) }
    return inFlight.map { follow(self, $0) } ?? completedTask
  }

  /// The query dispatch; an invalidation's refetch repeats it without delivering the value the
  /// view model already shows.
  ///
  /// `@inlinable`, as `dispatch` is, so that the run it starts is compiled for the app's value
  /// type: unspecialized, a join across view models read 1.2–1.5× a plain dispatch. The
  /// bookkeeping that does not depend on it is the cache's `prepareQuery`.
  @inlinable
  func dispatchQuery<Value>(
    _ actionId: ActionId,
    _ key: QueryKey<Value>,
    _ cache: QueryCache,
    staleTime: Duration?,
    failureTime: Duration?,
    retry: RetryPolicy?,
    timeout: Duration?,
    task: @escaping @MainActor () async throws -> Value,
    onSuccess: (@MainActor (Self, Value) -> Void)?,
    onFailure: (@MainActor (Self, any Error) -> Void)?,
    oncePerRun: (@MainActor (Self, Value) -> Void)?,
    deliversCachedValue: Bool
  ) -> Task<Void, Never> {
    let base = dispatchingBase.engine
    let plan = cache.prepareQuery(
      actionId, key, for: base, staleTime: staleTime, failureTime: failureTime, retry: retry, timeout: timeout,
      handle: { [weak self] event in
        guard let viewModel = self else { return nil }
        switch event {
        case .value(let value):
          viewModel.showCached(value, of: actionId, onSuccess)
          return nil
        case .invalidated:
          return viewModel.dispatchQuery(
            actionId, key, cache, staleTime: nil, failureTime: failureTime, retry: retry, timeout: timeout,
            task: task, onSuccess: onSuccess, onFailure: onFailure, oncePerRun: oncePerRun,
            deliversCachedValue: false)
        case .fetching:
          return nil  // it fetches: its own dispatches run
        }
      })
    switch plan {
    case .fresh(let value):
      base.answerFromCache(actionId) { onSuccess?(self, value) }
      return completedTask
    case .keptFailure(let error, let staleValue):
      // A stale value shows at once, whatever happens next.
      if deliversCachedValue, let value = staleValue { showCached(value, of: actionId, onSuccess) }
      return dispatch(
        actionId: actionId, policy: .joinRunning, task: { () throws -> Value in throw error }, onSuccess: onSuccess,
        onFailure: onFailure)
    case .fetch(let join, let staleValue):
      if deliversCachedValue, let value = staleValue { showCached(value, of: actionId, onSuccess) }
      join.task = task
      if let oncePerRun {
        join.once = { [weak self] value in
          guard let self else { return false }
          oncePerRun(self, value)
          return true
        }
      }
      // `.concurrent`: each dispatch is a run of its own that joins the key's one fetch; a second
      // dispatch of the action while the first waits is a second caller of the same fetch, and
      // each run delivers to its own closures once. (A `.joinRunning` run would add a caller task
      // per view model: 2.2–2.4× a plain dispatch on the join row, against 1.2–1.5× this way.)
      // The run has no retry or timeout of its own: the fetch retries, and `join` carries the
      // timeout (the fetch's when this run starts it, this run's wait's when it joins).
      return dispatch(
        actionId: actionId, task: { try await join.run() },
        onSuccess: onSuccess, onFailure: onFailure)
    }
  }

  /// Gives `onSuccess` a value the cache hands over without a run of this view model (stale,
  /// watched, another view model's fetch); for ``Loadable``, the action has succeeded.
  @inlinable
  func showCached<Value>(_ value: Value, of actionId: ActionId, _ onSuccess: (@MainActor (Self, Value) -> Void)?) {
    dispatchingBase.engine.noteCachedSuccess(of: actionId)
    onSuccess?(self, value)
  }
}
