extension ActionEngine {
  /// Makes an accepted `.joinRunning` run shared, with the dispatch that started it as its first
  /// caller.
  ///
  /// - Returns: That caller's task, which completes when the run ends or the caller leaves.
  @usableFromInline
  func share(
    _ run: Run,
    of actionId: ActionId,
    succeeded: (@MainActor (Any) -> Bool)?,
    failed: (@MainActor (any Error) -> Void)?,
    element: (@MainActor (Any) -> Void)?
  ) -> Task<Void, Never> {
    let caller = RunCaller(id: run.id, delivery: .init(succeeded: succeeded, failed: failed, element: element))
    run.shared?.join(caller)
    return callerTask(caller, of: run, actionId)
  }

  /// Joins a dispatch to a shared run in flight: it shares the run's result, and emits `joined`.
  ///
  /// - Returns: The caller's task, which completes when the run ends or the caller leaves.
  @usableFromInline
  func join(
    _ run: Run,
    of actionId: ActionId,
    as callerID: UInt64,
    succeeded: (@MainActor (Any) -> Bool)?,
    failed: (@MainActor (any Error) -> Void)?,
    element: (@MainActor (Any) -> Void)?,
    onFinish: (@MainActor (RunOutcome) -> Void)?
  ) -> Task<Void, Never> {
    let caller = RunCaller(
      id: callerID, delivery: .init(succeeded: succeeded, failed: failed, element: element, onFinish: onFinish))
    guard let shared = run.shared else {
      preconditionFailure("a shared run in flight has its callers")
    }
    shared.join(caller)
    // Only events hear a join: with none listening, nothing is posted.
    if listeners.hasEventListeners { post(.joined(run), of: actionId) }
    return callerTask(caller, of: run, actionId)
  }

  /// A caller's returned task: it waits until the caller's part ends; cancelling it detaches the
  /// caller alone (see ``leave(_:of:_:)``).
  private func callerTask(_ caller: RunCaller, of run: Run, _ actionId: ActionId) -> Task<Void, Never> {
    let owner = weakOwner
    let task = Task { @MainActor in
      await withTaskCancellationHandler {
        await withUnsafeContinuation { continuation in
          // Parks with the view model held, so that its `deinit` (which may run on another
          // thread and ends every caller) comes wholly before or after.
          guard let viewModel = owner.object, !caller.hasEnded else { return continuation.resume() }
          withExtendedLifetime(viewModel) { caller.waiter = continuation }
        }
      } onCancel: {
        Task { @MainActor in owner.withEngine { $0.leave(caller, of: run, actionId) } }
      }
    }
    caller.task = task
    return task
  }

  /// A caller's task was cancelled: the caller leaves — its closures never run, its task
  /// completes, a group hears `cancelled` — and the run goes on for the others. When it was the
  /// last caller, no one wants the result: the run ends as cancelled.
  private func leave(_ caller: RunCaller, of run: Run, _ actionId: ActionId) {
    guard !caller.hasEnded else { return }
    guard let shared = run.shared else { return caller.end() }
    let wasLast = shared.leave(caller)
    caller.delivery.onFinish?(.cancelled)
    if wasLast, run.isLive { retire(run, of: actionId, cancelled: true) }
  }

  /// Delivers a shared run's value to its callers, in dispatch order. A caller that expected
  /// another type (it joined a run of the same action dispatched with another result type) gets
  /// an ``UnexpectedResultTypeError`` in its failure closure instead.
  func deliverShared(_ value: Any, of run: Run, _ actionId: ActionId) {
    run.shared?.forEachAttached { caller in
      guard let succeeded = caller.delivery.succeeded, !succeeded(value) else { return }
      caller.delivery.failed?(
        UnexpectedResultTypeError(
          actionId: String(describing: actionId), expected: "the type of the run it joined",
          actual: String(reflecting: type(of: value)), phase: "onSuccess of a joined dispatch"))
    }
  }

  /// Delivers a shared run's error to its callers, in dispatch order.
  func deliverShared(_ error: any Error, of run: Run) {
    run.shared?.forEachAttached { $0.delivery.failed?(error) }
  }

  /// Delivers a shared streaming run's element to the callers attached now, in dispatch order.
  func deliverShared(element: Any, of run: Run) {
    run.shared?.forEachAttached { $0.delivery.element?(element) }
  }

  /// A shared run ended: every caller still there hears how — `cancelled` for one whose task was
  /// cancelled meanwhile — and its task completes.
  func finishShared(_ run: Run, _ outcome: RunOutcome) {
    guard let shared = run.shared else { return }
    for caller in shared.callers where !caller.hasEnded {
      let wasAttached = caller.isAttached
      caller.end()
      caller.delivery.onFinish?(wasAttached ? outcome : .cancelled)
    }
  }
}
