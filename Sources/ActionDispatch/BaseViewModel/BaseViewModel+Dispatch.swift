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
  @discardableResult
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
  @discardableResult
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

extension BaseViewModel {
  /// The one way in: admits (or drops, or holds) a dispatch and starts its run's task.
  ///
  /// The action's ``ActionStateMachine`` decides; this carries the decision out. State changes
  /// at once — the action is loading when this returns, its old error is gone, the runs it
  /// supersedes have ended — and the notifications are delivered now, or after the one being
  /// delivered when a callback dispatches (see ``post(_:)``). `onAccepted` is given the run
  /// when it is accepted, before its work can start (a streaming run tags its elements).
  ///
  /// - Parameter heldAs: The number a held throttled dispatch was given: a dispatch keeps one
  ///   number from its call to its end.
  func startRun<T>(
    actionId: ActionId,
    policy: DispatchPolicy,
    retry: RetryPolicy?,
    timeout: Duration?,
    task work: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)?,
    onFailure: (@MainActor (any Error) -> Void)?,
    onFinish: (@MainActor (RunOutcome) -> Void)?,
    onAccepted: (@MainActor (Run) -> Void)? = nil,
    heldAs heldRunID: UInt64? = nil
  ) -> Task<Void, Never> {
    let runID = heldRunID ?? takeRunID()
    // One lookup finds the action's state or makes it. A new state has no runs and no window,
    // so its machine starts the run: no state is made for a dispatch that is not a run.
    let count = states.count
    let state = Self.stateIn(&states[actionId, default: ActionState()])
    if states.count != count { idleWatch.actionStartedLoading(actionId) }

    let start: ActionStateMachine.Start
    let supersedes: Bool
    let window: Duration?
    switch state.machine.dispatch(policy: policy) {
    case .drop:
      post(.dropped(runID, actionId, onFinish: onFinish))
      return Task {}
    case .hold:
      return hold(runID, of: actionId, in: state, onFinish: onFinish) { [weak self] in
        self?.startRun(
          actionId: actionId, policy: policy, retry: retry, timeout: timeout, task: work,
          onSuccess: onSuccess, onFailure: onFailure, onFinish: onFinish, onAccepted: onAccepted, heldAs: runID)
      }
    case .start(let startsAt, let supersedesOlder, let opensWindow):
      (start, supersedes, window) = (startsAt, supersedesOlder, opensWindow)
    }

    if state.failure != nil { state.failure = nil }
    let run = Run(
      id: runID, state: state, startedAt: listeners.eventSinks.isEmpty ? nil : Run.now(), onFailure: onFailure,
      onFinish: onFinish)
    let superseded = state.machine.accept(run, supersedes: supersedes)
    // A plain run (starts now, no retry, no timeout) carries no plan: its task does the least.
    let plan =
      start == .now && retry == nil && timeout == nil
      ? nil : RunPlan(start: start, retry: retry, timeout: timeout, clock: clock)
    onAccepted?(run)
    let task = makeRunTask(run, of: actionId, plan: plan, work: work, onSuccess: onSuccess)
    run.task = task
    if let window { openThrottleWindow(window, of: actionId, in: state) }
    let becameLoading = !state.isLoading
    if becameLoading {
      state.isLoading = true
      summary.loadingActionCount += 1
      if indicatorIsTimed { indicatorStartedLoading(actionId, state) }
    }
    batch {
      post(.started(run, actionId, becameLoading: becameLoading))
      for older in superseded { retire(older, of: actionId, cancelled: true) }
    }
    return task
  }

  /// The number the next dispatch gets.
  private func takeRunID() -> UInt64 {
    defer { nextRunID &+= 1 }
    return nextRunID
  }

  /// The state an `inout` access found or inserted: reading through `inout` makes
  /// `Dictionary`'s defaulted subscript insert its default, with a single lookup.
  private static func stateIn(_ state: inout ActionState) -> ActionState {
    state
  }
}
