extension ActionDispatching {
  /// Runs async work as a run of an action, with an optimistic change: made when the dispatch
  /// becomes a run, rolled back if the run fails or is cancelled, kept if it succeeds.
  ///
  /// ```swift
  /// func toggleStar(_ id: Repo.ID) {
  ///   let starred = !starredIDs.contains(id)
  ///   dispatch(
  ///     actionId: .star(id), policy: .cancelPrevious,
  ///     optimistic: { viewModel in
  ///       let before = viewModel.starredIDs
  ///       if starred { viewModel.starredIDs.insert(id) } else { viewModel.starredIDs.remove(id) }
  ///       return { viewModel in viewModel.starredIDs = before }
  ///     },
  ///     task: { [service] in try await service.setStarred(id, starred) })
  /// }
  /// ```
  ///
  /// `optimistic` makes the change and returns its rollback, which restores what the change
  /// found. The framework decides when each runs, so that a double-tapped toggle ends right
  /// whatever the policy and whichever run fails:
  ///
  /// - The change is made when the dispatch becomes a run, before `dispatch` returns: never for
  ///   a dispatch that ``DispatchPolicy/ignoreWhileRunning`` drops, and for a dispatch that
  ///   ``DispatchPolicy/throttle(_:)`` holds only when it starts (never if it is replaced).
  /// - It is kept when the run succeeds, and rolled back when the run fails (its work threw, or
  ///   its timeout fired), is cancelled, or is superseded.
  /// - The changes of one action's runs are layers, each made over the ones before it. A run
  ///   whose change lies under a newer run's change is rolled back only after that newer change
  ///   is: newest first, so each rollback restores what its change found. When a newer run
  ///   succeeds, the older changes under it are settled with it and never rolled back: a
  ///   superseded run's rollback never undoes a newer run's change.
  ///
  /// The rollback runs as the run's end is delivered, after `onFailure`, the hooks and the
  /// `On` handlers: all in the same turn of the main actor, so a view never draws the state in
  /// between.
  ///
  /// Layers fit changes that replace a value — a toggle, a rename, a setting. Changes that add
  /// things independent of each other (two comments) belong to actions of their own
  /// (`.post(commentID)`), so that one's rollback never waits for another. With
  /// ``DispatchPolicy/concurrent``, runs of one action may reach the server in any order; a
  /// toggle wants ``DispatchPolicy/cancelPrevious``, ``DispatchPolicy/enqueue`` or
  /// ``DispatchPolicy/ignoreWhileRunning``.
  ///
  /// > Important: Take the view model as the closures' argument, as above, rather than using
  /// > `self`: a rollback that captures `self` keeps the view model alive until its run ends.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - retry: How to retry the work when it throws; no retries by default. A retried run is
  ///     one run: its change is made once, and resolved once when the run ends.
  ///   - timeout: The longest the run may take, retries included; the run then fails.
  ///   - optimistic: Makes the change, on the main actor, given the view model; returns the
  ///     rollback, which is given the view model too.
  ///   - task: The work. Capture what it needs (`[service] in`), not `self`.
  ///   - onSuccess: Receives the view model and the work's result, typed, on the main actor.
  ///   - onFailure: Receives the view model and the run's error, on the main actor, before the
  ///     rollback.
  /// - Returns: The run's task: awaiting it waits for the run, its change kept or rolled back;
  ///   cancelling it cancels the run, and rolls its change back.
  @discardableResult
  public func dispatch<T>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    optimistic: @escaping @MainActor (Self) -> @MainActor (Self) -> Void,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (Self, T) -> Void)? = nil,
    onFailure: (@MainActor (Self, any Error) -> Void)? = nil
  ) -> Task<Void, Never> {
    // Held `unowned(unsafe)`, as in the other forms here: only the view model calls these
    // closures, from its own delivery, so it is alive whenever they run.
    unowned(unsafe) let viewModel = self
    let base = dispatchingBase
    let change = OptimisticChange { () -> @MainActor () -> Void in
      let rollback = optimistic(viewModel)
      return { rollback(viewModel) }
    }
    unowned(unsafe) let owner = base
    var succeeded: (@MainActor (T) -> Void)?
    if let onSuccess { succeeded = { value in onSuccess(viewModel, value) } }
    var failed: (@MainActor (any Error) -> Void)?
    if let onFailure { failed = { error in onFailure(viewModel, error) } }
    return owner.startRun(
      actionId: actionId, policy: policy, retry: retry, timeout: timeout, task: task,
      onSuccess: succeeded, onFailure: failed,
      onFinish: { (outcome: RunOutcome) in owner.settle(change, of: actionId, outcome) },
      onAccepted: { (_: Run) in owner.makeOptimisticChange(change, of: actionId) })
  }
}
