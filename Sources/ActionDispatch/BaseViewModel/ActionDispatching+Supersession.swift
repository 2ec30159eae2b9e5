// The dispatch forms that also end the runs of other actions: `supersedes:`.

extension ActionDispatching {
  /// Runs async work as a run of an action that supersedes other actions: when it becomes a run,
  /// the runs of the actions in `supersedes` end as cancelled.
  ///
  /// For gestures that make other work stale — a new filter outdates the refresh, the first
  /// page and the next page in flight:
  ///
  /// ```swift
  /// dispatch(actionId: .load, policy: .cancelPrevious, supersedes: [.refresh, .loadMore], task: { [service] in
  ///   try await service.items(matching: filter)
  /// }) { viewModel, items in
  ///   viewModel.items = items
  /// }
  /// ```
  ///
  /// Give a group of actions that each make the others stale the same list, with every member
  /// in it: each member's dispatch supersedes the rest, since the list's entry for the action
  /// being dispatched is left out. Its own runs in flight are its `policy`'s to decide.
  ///
  /// The superseded runs end as `cancelled` before `dispatch` returns, after the new run's
  /// `started`, oldest first; they deliver nothing, like any cancelled run, and a dispatch that
  /// `.throttle` holds for one of those actions is dropped. A dispatch supersedes only when it
  /// becomes a run: one that ``DispatchPolicy/ignoreWhileRunning`` drops supersedes nothing,
  /// and one that ``DispatchPolicy/throttle(_:)`` holds supersedes when it starts. It never
  /// supersedes its own run, nor the run whose callback dispatched it: a run whose success or
  /// failure closure dispatches has already ended, and ends as it did (its action counts as
  /// loading until its closures have run). Actions with associated values are actions of their
  /// own, as for the policies: `supersedes: [.row(3)]` ends the runs of row 3 alone.
  ///
  /// Everything ``dispatch(actionId:policy:retry:timeout:task:onSuccess:onFailure:)`` says
  /// holds too.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - supersedes: The other actions whose runs this run ends as cancelled.
  ///   - retry: How to retry the work when it throws; no retries by default.
  ///   - timeout: The longest the run may take, retries included; the run then fails with
  ///     ``ActionTimeoutError``. Measured on the view model's clock.
  ///   - task: The work. Capture what it needs (`[service] in`), not `self`.
  ///   - onSuccess: Receives the view model and the work's result, typed, on the main actor.
  ///   - onFailure: Receives the view model and the run's error, on the main actor.
  /// - Returns: The run's task; cancelling it cancels the run.
  @inlinable @discardableResult
  public func dispatch<T>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    supersedes: [ActionId],
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (Self, T) -> Void)? = nil,
    onFailure: (@MainActor (Self, any Error) -> Void)? = nil
  ) -> Task<Void, Never> {
    startRunReceivingViewModel(
      actionId: actionId, policy: policy, supersedes: supersedes, retry: retry, timeout: timeout, task: task,
      onSuccess: onSuccess, onFailure: onFailure)
  }

  /// Runs async work as a run of an action that supersedes other actions, and waits for the run
  /// to end; cancelling the waiting task cancels the run.
  ///
  /// What ``dispatch(actionId:policy:supersedes:retry:timeout:task:onSuccess:onFailure:)`` says
  /// of `supersedes` holds, and what ``dispatchAndWait(actionId:policy:retry:timeout:task:onSuccess:onFailure:)``
  /// says of waiting.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - supersedes: The other actions whose runs this run ends as cancelled.
  ///   - retry: How to retry the work when it throws; no retries by default.
  ///   - timeout: The longest the run may take, retries included.
  ///   - task: The work. Capture what it needs (`[service] in`), not `self`.
  ///   - onSuccess: Receives the view model and the work's result, typed, on the main actor.
  ///   - onFailure: Receives the view model and the run's error, on the main actor.
  @inlinable
  public func dispatchAndWait<T>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    supersedes: [ActionId],
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (Self, T) -> Void)? = nil,
    onFailure: (@MainActor (Self, any Error) -> Void)? = nil
  ) async {
    await BaseViewModel<ActionId>.waitFor(
      dispatch(
        actionId: actionId, policy: policy, supersedes: supersedes, retry: retry, timeout: timeout, task: task,
        onSuccess: onSuccess, onFailure: onFailure))
  }
}
