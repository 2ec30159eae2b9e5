// The closures below hold the view model `unowned(unsafe)`, not `weak`: only the view model
// itself calls them, from its own methods while it runs a delivery, so it is alive whenever they
// run. A weak capture would cost a weak reference per dispatch; a strong one would keep the view
// model alive until the work returns, which is what these forms exist to avoid.
// Unsafe, not `unowned`, for a gated row: "keyed actions: 100000 distinct rows" read
// 1.39–1.45× with checked `unowned` here and 1.34–1.39× with `unowned(unsafe)` (gate ≤ 1.5×;
// interleaved --quick runs on a loaded 2-core machine). The streaming, optimistic and
// `oncePerRun:` closures, which no gated row needs, are checked `unowned`.
extension ActionDispatching {
  /// Runs async work as a run of an action, with loading and error state, hooks and events; its
  /// closures receive the view model.
  ///
  /// ```swift
  /// dispatch(actionId: .fetchFollowers, task: { [service] in
  ///   try await service.followers(of: login)
  /// }) { viewModel, page in
  ///   viewModel.followers = page.followers
  /// }
  /// ```
  ///
  /// The one form for every combination of closures: none (`dispatch(actionId: .refresh) { try
  /// await service.refresh() }`), a success closure, a failure closure (`onFailure:` alone), or
  /// both. The closures take the view model as their first argument, so nothing keeps it alive:
  /// releasing it cancels its work at once and nothing is delivered.
  ///
  /// The action is loading as soon as `dispatch` returns; its previous error is cleared. When
  /// the work returns, `onSuccess` and then the ``BaseViewModel/onSuccess(actionId:result:)``
  /// hook run; when it throws (or its timeout fires), ``BaseViewModel/errorMessage(for:)``
  /// reports the error, then `onFailure` and the ``BaseViewModel/onError(actionId:error:)`` hook
  /// run. Loading ends after that. A run that is cancelled or superseded never delivers, even if
  /// its work ignores cancellation and returns later; cancellation is not a failure and never
  /// reaches `onFailure`.
  ///
  /// ### Fresh results: `staleTime:`
  ///
  /// A dispatch that gives a `staleTime` starts no run when the action succeeded less than that
  /// long ago: it calls no closure, emits ``ActionEvent/Kind/fresh``, and its task is already
  /// complete. Time is the view model's clock's. Only a success makes an action fresh — never a
  /// failure, a cancellation or a superseded run — and ``BaseViewModel/invalidate(_:)`` makes it
  /// stale at once. A dispatch without `staleTime` always runs (that is the pull-to-refresh), and
  /// its success makes the action fresh for the dispatches that give one:
  ///
  /// ```swift
  /// func loadProfile(force: Bool = false) {
  ///   dispatch(actionId: .profile, policy: .joinRunning, staleTime: force ? nil : .seconds(300), task: { [service] in
  ///     try await service.profile()
  ///   }) { viewModel, profile in
  ///     viewModel.profile = profile
  ///   }
  /// }
  /// ```
  ///
  /// Every success is recorded, and each action's is remembered for its own stale time (the last
  /// its dispatches gave; the longest the view model was given for an action that gave none),
  /// then forgotten: an action that is not fresh holds nothing. A success made before any
  /// dispatch of the view model gave a `staleTime` counts too, for the first 1,024 actions to
  /// succeed (a screen's actions; 100,000 keyed rows that never ask for freshness keep no mark
  /// each), and is kept until a dispatch gives one. For data several view models show, a ``QueryCache`` records every
  /// success whatever was given before it (<doc:SharingServerData>).
  ///
  /// ### Other actions: `supersedes:`
  ///
  /// When the dispatch becomes a run, the runs of the actions in `supersedes` end as cancelled,
  /// after the new run's `started`, oldest first, and a dispatch `.throttle` holds for one of them
  /// is dropped: a new filter outdates the refresh and the next page in flight. A dispatch that
  /// does not become a run supersedes nothing; it never supersedes its own run, nor the run whose
  /// callback dispatched it. Give a group of actions that each outdate the others the same list.
  ///
  /// ### Optimistic changes: `optimistic:`
  ///
  /// `optimistic` makes a change when the dispatch becomes a run, before `dispatch` returns, and
  /// returns its rollback; the change is kept if the run succeeds and rolled back if it fails, is
  /// cancelled or is superseded — never made for a dispatch that is dropped, held and replaced,
  /// answered fresh, or that joins a run (a shared run's change is its starter's, made once):
  ///
  /// ```swift
  /// dispatch(
  ///   actionId: .star(id), policy: .cancelPrevious,
  ///   optimistic: { viewModel in
  ///     let before = viewModel.starredIDs
  ///     viewModel.starredIDs.insert(id)
  ///     return { viewModel in viewModel.starredIDs = before }
  ///   },
  ///   task: { [service] in try await service.setStarred(id, true) })
  /// ```
  ///
  /// The changes of one action's runs are layers, each over the ones before it: rollbacks run
  /// newest first, each restoring what its change found, and a newer run's success settles the
  /// older changes under it, so a superseded run's rollback never undoes a newer change. The
  /// rollback runs as the run's end is delivered, after `onFailure`, the hooks and the `On`
  /// handlers, in the same turn of the main actor. Changes that add independent things (two
  /// comments) belong to actions of their own (`.post(commentID)`); a toggle wants
  /// ``DispatchPolicy/cancelPrevious``, ``DispatchPolicy/enqueue`` or ``DispatchPolicy/ignoreWhileRunning``.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - staleTime: How recent a success answers this dispatch without a run; `nil` (the
  ///     default) always runs.
  ///   - supersedes: Other actions whose runs this run ends as cancelled when it starts; none by
  ///     default. An action with associated values names one key: `[.row(3)]`.
  ///   - retry: How to retry the work when it throws; no retries by default. A retried run is
  ///     one run: one `started`, one end, one optimistic change.
  ///   - timeout: The longest the run may take, retries included; the run then fails with
  ///     ``ActionTimeoutError``. Measured on the view model's clock.
  ///   - optimistic: Makes a change at once, given the view model, and returns its rollback,
  ///     given the view model too; none by default.
  ///   - task: The work. It starts on the main actor; `await` hops off it. Capture what it
  ///     needs (`[service] in`), not `self`.
  ///   - onSuccess: Receives the view model and the work's result, typed, on the main actor.
  ///   - onFailure: Receives the view model and the run's error, on the main actor, before a
  ///     rollback.
  ///   - oncePerRun: Receives the view model and the result once per successful run, before the
  ///     callers' `onSuccess` closures, however many dispatches joined it
  ///     (``DispatchPolicy/joinRunning``): what must not happen once per caller, such as starting
  ///     a live feed. A dispatch that joins a run does not call its own; under other policies it
  ///     is called with each run's `onSuccess`.
  /// - Returns: The run's task. Awaiting it waits for the run's whole lifecycle, hooks included
  ///   (a run cancelled while its work ignores cancellation has ended at once, but its task
  ///   completes only when that work returns); cancelling it cancels the run. Under
  ///   ``DispatchPolicy/joinRunning`` it is the caller's own: cancelling it detaches this caller.
  @inlinable @discardableResult
  public func dispatch<T>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    staleTime: Duration? = nil,
    supersedes: [ActionId] = [],
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    optimistic: (@MainActor (Self) -> @MainActor (Self) -> Void)? = nil,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (Self, T) -> Void)? = nil,
    onFailure: (@MainActor (Self, any Error) -> Void)? = nil,
    oncePerRun: (@MainActor (Self, T) -> Void)? = nil
  ) -> Task<Void, Never> {
    var once: (@MainActor (T) -> Void)?
    if let oncePerRun { once = { [unowned self] value in oncePerRun(self, value) } }
    var failed: (@MainActor (any Error) -> Void)?
    if let onFailure { failed = { [unowned(unsafe) self] error in onFailure(self, error) } }
    let base = dispatchingBase.engine
    let change = optimistic.map { base.optimisticChange(receiving: self, $0) }
    return base.startRun(
      actionId: actionId, policy: policy, staleTime: staleTime, supersedes: supersedes.isEmpty ? nil : supersedes,
      retry: retry, timeout: timeout, task: task, onSuccess: onSuccess, onFailure: failed,
      onFinish: change.map { base.settlement(of: $0, actionId) },
      onAccepted: change.map { base.making($0, actionId) }, oncePerRun: once)
  }
}
