extension BaseViewModel {
  /// Runs async work as a run of an action, with loading and error state, hooks and events.
  ///
  /// ```swift
  /// dispatch(actionId: .fetchFollowers, task: { [service] in
  ///   try await service.followers(of: login)
  /// }) { page in
  ///   self.followers = page.followers
  /// }
  /// ```
  ///
  /// > Tip: A success closure that uses `self` keeps the view model alive until the work
  /// > returns. Take the view model as the closure's first argument instead
  /// > (`{ viewModel, page in viewModel.followers = page.followers }`, see
  /// > ``ActionDispatching``), and releasing the view model cancels its work at once.
  ///
  /// The action is loading as soon as `dispatch` returns; its previous error is cleared.
  /// When the work returns, `onSuccess` and then the ``onSuccess(actionId:result:)`` hook run;
  /// when it throws, ``error(for:)`` records the error and then ``onError(actionId:error:)``
  /// runs. Loading ends after that. A run that is cancelled or superseded never delivers,
  /// even if its work ignores cancellation and returns later.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - retry: How to retry the work when it throws; no retries by default.
  ///   - timeout: The longest the run may take, retries included; the run then fails with
  ///     ``ActionTimeoutError``. Measured on the view model's clock.
  ///   - task: The work. It starts on the main actor; `await` hops off it.
  ///   - onSuccess: Receives the work's result, typed, on the main actor.
  /// - Returns: The run's task. Awaiting it waits for the run's whole lifecycle, hooks included
  ///   (a run cancelled while its work ignores cancellation has ended at once, but its task
  ///   completes only when that work returns); cancelling it cancels the run.
  @inlinable @discardableResult
  public func dispatch<T>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)? = nil
  ) -> Task<Void, Never> {
    startRun(
      actionId: actionId, policy: policy, retry: retry, timeout: timeout,
      task: task, onSuccess: onSuccess, onFailure: nil, onFinish: nil)
  }

  /// Runs async work as a run of an action, with a closure for its success and one for its failure.
  ///
  /// ```swift
  /// followers.removeAll { $0.id == id }          // optimistic
  /// dispatch(actionId: .remove(id), task: { [service] in try await service.remove(id) }, onSuccess: nil) { _ in
  ///   self.followers.insert(removed, at: index)   // roll back this item
  /// }
  /// ```
  ///
  /// `onSuccess` has no default here, so that a lone trailing closure still means `onSuccess`
  /// in the form above; pass `nil` when only the failure matters.
  ///
  /// Everything ``dispatch(actionId:policy:retry:timeout:task:onSuccess:)`` says holds.
  /// `onFailure` runs when the run fails — its work threw, or its timeout fired — right after
  /// ``error(for:)`` reports the error and before the ``onError(actionId:error:)`` hook.
  /// Cancellation is not a failure and never reaches it.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - retry: How to retry the work when it throws; no retries by default.
  ///   - timeout: The longest the run may take, retries included.
  ///   - task: The work. It starts on the main actor; `await` hops off it.
  ///   - onSuccess: Receives the work's result, typed, on the main actor.
  ///   - onFailure: Receives the error of this run, on the main actor.
  /// - Returns: The run's task, as for ``dispatch(actionId:policy:retry:timeout:task:onSuccess:)``.
  @inlinable @discardableResult
  public func dispatch<T>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)?,
    onFailure: @escaping @MainActor (any Error) -> Void
  ) -> Task<Void, Never> {
    startRun(
      actionId: actionId, policy: policy, retry: retry, timeout: timeout,
      task: task, onSuccess: onSuccess, onFailure: onFailure, onFinish: nil)
  }

  /// Runs async work as a run of an action and waits for the run to end; cancelling the
  /// waiting task cancels the run.
  ///
  /// This is the form for callers that own a task of their own — SwiftUI's `.task` and
  /// `.refreshable`: when the view goes away and SwiftUI cancels its task, the run ends as
  /// cancelled at once and delivers nothing.
  ///
  /// ```swift
  /// func refresh() async {
  ///   await dispatchAndWait(actionId: .refresh, task: { [service] in try await service.load() }) { viewModel, items in
  ///     viewModel.items = items
  ///   }
  /// }
  /// // SwiftUI: List { … }.refreshable { await viewModel.refresh() }
  /// ```
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - retry: How to retry the work when it throws; no retries by default.
  ///   - timeout: The longest the run may take, retries included.
  ///   - task: The work. It starts on the main actor; `await` hops off it.
  ///   - onSuccess: Receives the work's result, typed, on the main actor.
  @inlinable
  public func dispatchAndWait<T>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)? = nil
  ) async {
    let run = startRun(
      actionId: actionId, policy: policy, retry: retry, timeout: timeout,
      task: task, onSuccess: onSuccess, onFailure: nil, onFinish: nil)
    await withTaskCancellationHandler {
      await run.value
    } onCancel: {
      run.cancel()
    }
  }
}
