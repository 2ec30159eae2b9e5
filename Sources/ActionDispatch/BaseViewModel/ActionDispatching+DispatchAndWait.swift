extension ActionDispatching {
  /// Runs async work as a run of an action and waits for the run to end; cancelling the waiting
  /// task cancels the run (under ``DispatchPolicy/joinRunning``, detaches this caller). Its
  /// closures receive the view model.
  ///
  /// This is the form for callers that own a task of their own — SwiftUI's `.task` and
  /// `.refreshable`: when the view goes away and SwiftUI cancels its task, the run ends as
  /// cancelled at once and delivers nothing.
  ///
  /// ```swift
  /// func refresh() async {
  ///   await dispatchAndWait(actionId: .refresh, policy: .joinRunning, task: { [service] in try await service.load() }) {
  ///     viewModel, items in
  ///     viewModel.items = items
  ///   }
  /// }
  /// // SwiftUI: List { … }.refreshable { await viewModel.refresh() }
  /// ```
  ///
  /// Everything ``dispatch(actionId:policy:staleTime:supersedes:retry:timeout:optimistic:task:onSuccess:onFailure:oncePerRun:)``
  /// says holds; its closures have run when this returns. A dispatch that joins a run returns
  /// when that run ends, after its own closure ran with the shared result; one answered fresh
  /// returns at once.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - staleTime: How recent a success answers this dispatch without a run; `nil` always runs.
  ///   - supersedes: Other actions whose runs this run ends as cancelled when it starts.
  ///   - retry: How to retry the work when it throws; no retries by default.
  ///   - timeout: The longest the run may take, retries included.
  ///   - optimistic: Changes the view model at once when the dispatch becomes a run and returns
  ///     its undo, applied if the run fails or is cancelled (as for `dispatch`).
  ///   - task: The work. Capture what it needs (`[service] in`), not `self`.
  ///   - onSuccess: Receives the view model and the work's result, typed, on the main actor.
  ///   - onFailure: Receives the view model and the run's error, on the main actor.
  ///   - oncePerRun: Receives the view model and the result once per successful run, however
  ///     many dispatches joined it (as for `dispatch`).
  @inlinable
  public func dispatchAndWait<T>(
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
  ) async {
    await ActionEngine<ActionId>.waitFor(
      dispatch(
        actionId: actionId, policy: policy, staleTime: staleTime, supersedes: supersedes, retry: retry,
        timeout: timeout, optimistic: optimistic, task: task, onSuccess: onSuccess, onFailure: onFailure,
        oncePerRun: oncePerRun))
  }
}
