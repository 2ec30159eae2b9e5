// A run from dispatch to its success: admission (the machine decides), the run's task, and its
// retirement. A run with a plan waits, retries and times out in `ActionEngine+RunPlans.swift`; the
// other ends are in `ActionEngine+RunEndings.swift`; notifications reach the listeners through
// `ActionEngine+Delivery.swift`.

extension ActionEngine {
  /// The one way in: admits (or drops, holds, joins or answers fresh) a dispatch and starts its
  /// run's task.
  ///
  /// The action's ``ActionStateMachine`` decides (in ``admit(_:policy:staleTime:supersedesOtherActions:retry:timeout:onFailure:onFinish:heldAs:)``);
  /// this carries the decision out. State changes at once — the action is loading when this
  /// returns, its old error is gone, the runs it supersedes have ended — and the notifications
  /// are delivered now, or after the one being delivered when a callback dispatches (see
  /// ``post(_:of:)``). `onAccepted` is given the run once it has started, before its work can
  /// start (a streaming run tags its elements); `onElement` is a streaming caller's, for a
  /// shared run.
  ///
  /// `@inlinable`, with ``makeRunTask(_:)`` and the public `dispatch`
  /// forms, so that a run's task is compiled for the app's action and result types: its async
  /// frame then has a fixed size and its value no generic copies. Everything else it reaches
  /// is not generic over the result and stays here.
  ///
  /// - Parameters:
  ///   - staleTime: The dispatch's `staleTime:`: it is answered fresh when the action succeeded
  ///     less than that long ago.
  ///   - supersedes: Other actions whose runs the run ends as cancelled when it is accepted.
  ///   - heldAs: The number a held throttled dispatch was given: a dispatch keeps one number
  ///     from its call to its end.
  @inlinable
  func startRun<T, Owner: AnyObject>(
    actionId: ActionId,
    policy: DispatchPolicy,
    staleTime: Duration? = nil,
    supersedes: [ActionId]? = nil,
    retry: RetryPolicy?,
    timeout: Duration?,
    task work: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (Owner, T) -> Void)?,
    onFailure: (@MainActor (any Error) -> Void)?,
    onFinish: (@MainActor (RunOutcome) -> Void)?,
    onAccepted: (@MainActor (Run) -> Void)? = nil,
    onElement: (@MainActor (Any) -> Void)? = nil,
    oncePerRun: (@MainActor (T) -> Void)? = nil,
    heldAs heldRunID: UInt64? = nil
  ) -> Task<Void, Never> {
    let owner = weakOwner
    let admission = admit(
      actionId, policy: policy, staleTime: staleTime, supersedesOtherActions: supersedes != nil, retry: retry,
      timeout: timeout, onFailure: onFailure, onFinish: onFinish, heldAs: heldRunID
    ) { parts in
      RunWithWork(parts, actionId: actionId, owner: owner, work: work, onSuccess: onSuccess)
    }
    switch admission {
    case .dropped:
      return Task {}
    case .fresh:
      return completedTask
    case .joined(let run, let shared, let callerID):
      return join(
        run, shared, of: actionId, as: callerID, succeeded: Self.boxed(bound(onSuccess)), failed: onFailure,
        element: onElement,
        onFinish: onFinish)
    case .held(let runID):
      return hold(runID, of: actionId, onFinish: onFinish) { [weak self] in
        self?.startRun(
          actionId: actionId, policy: policy, staleTime: staleTime, supersedes: supersedes, retry: retry,
          timeout: timeout, task: work, onSuccess: onSuccess, onFailure: onFailure, onFinish: onFinish,
          onAccepted: onAccepted, onElement: onElement, oncePerRun: oncePerRun, heldAs: runID)
      }
    case .accepted(let accepted, let superseded, let becameLoading, let window, let supersedesOtherActions):
      // The run `makeRun` above made.
      let run = unsafeDowncast(accepted, to: RunWithWork<ActionId, T, Owner>.self)
      // A shared run's closures are its first caller's, so that they are skipped when it leaves.
      let starter =
        run.isShared
        ? share(run, of: actionId, succeeded: Self.boxed(bound(onSuccess)), failed: onFailure, element: onElement)
        : nil
      if run.isShared || oncePerRun != nil {
        // A shared run's own success closure is its `oncePerRun`, called before its callers' closures.
        let runSucceeded = run.isShared ? oncePerRun : Self.both(bound(onSuccess), oncePerRun)
        run.onSuccess = nil
        if let runSucceeded { run.onSuccess = { @MainActor _, value in runSucceeded(value) } }
      }
      let task = makeRunTask(run)
      run.task = task
      started(
        run, of: actionId, superseding: superseded, becameLoading: becameLoading, window: window,
        otherActions: supersedesOtherActions ? supersedes : nil, onAccepted: onAccepted)
      return starter ?? task
    }
  }

  /// Asks the action's machine what a dispatch does and, when it is accepted, makes its run
  /// and counts it live — everything of ``startRun(actionId:policy:staleTime:supersedes:retry:timeout:task:onSuccess:onFailure:onFinish:onAccepted:onElement:oncePerRun:heldAs:)``
  /// that does not depend on the work's type.
  @usableFromInline
  func admit(
    _ actionId: ActionId,
    policy: DispatchPolicy,
    staleTime: Duration?,
    supersedesOtherActions: Bool,
    retry: RetryPolicy?,
    timeout: Duration?,
    onFailure: (@MainActor (any Error) -> Void)?,
    onFinish: (@MainActor (RunOutcome) -> Void)?,
    heldAs heldRunID: UInt64?,
    makeRun: (RunParts) -> Run
  ) -> AdmissionResult {
    let runID = heldRunID ?? takeRunID()
    var request = ActionStateMachine.Request(policy: policy, supersedesOtherActions: supersedesOtherActions)
    if let staleTime { askForFreshness(&request, of: actionId, within: staleTime) }
    // An action whose existing state a dispatch found last needs no hash lookup (runs of one
    // action in flight); any other takes one, which finds its state or makes it. A new state has
    // no runs and no window, so its machine starts the run unless the action is fresh, which an
    // empty machine is asked first: no state is made for a dispatch that is not a run.
    let state: ActionState
    if let recent = recentState, recentActionId.pointee == actionId {
      state = recent
    } else {
      if request.sinceLastSuccess != nil, states[actionId] == nil,
        case .fresh = ActionStateMachine().dispatch(request)
      {
        post(.fresh(runID, onFinish: onFinish), of: actionId)
        return .fresh
      }
      let count = states.count
      state = Self.stateIn(&states[actionId, default: ActionState()])
      if states.count == count {
        if recentState == nil { recentActionId.initialize(to: actionId) } else { recentActionId.pointee = actionId }
        recentState = state
      }
    }

    switch state.machine.dispatch(request) {
    case .fresh:
      post(.fresh(runID, onFinish: onFinish), of: actionId)
      return .fresh
    case .join(let run, let shared):
      return .joined(run, shared, runID)
    case .drop:
      post(.dropped(runID, onFinish: onFinish), of: actionId)
      return .dropped
    case .hold:
      return .held(runID)
    case .start(let start, let supersedes, let window, let supersedesOtherActions, let shared):
      if state.failure != nil { setFailure(nil, state, of: actionId) }
      // A plain run (starts now, no retry, no timeout) carries no plan: its task does the least.
      let plan =
        start == .now && retry == nil && timeout == nil
        ? nil : RunPlan(start: start, retry: retry, timeout: timeout, clock: clock)
      // A shared run's failure closures are its callers'.
      let run = makeRun(
        RunParts(
          id: runID, state: state, startedAt: listeners.hasEventListeners ? Run.now() : nil,
          onFailure: shared ? nil : onFailure, onFinish: onFinish, plan: plan))
      if shared { run.shared = SharedRun() }
      let (superseded, becameLoading) = state.machine.accept(run, supersedes: supersedes)
      return .accepted(
        run, superseded: superseded, becameLoading: becameLoading, window: window,
        supersedesOtherActions: supersedesOtherActions)
    }
  }

  /// What follows an accepted run's task: its throttle window, loading (when the machine said it
  /// `becameLoading`), `started`, `onAccepted`
  /// (the optimistic change, a streaming run's tag), and the retirement of the runs it
  /// supersedes, its own action's and then those of `otherActions` — all state changes first,
  /// then their notifications.
  ///
  /// `onAccepted` runs once the run counts as started and before the runs it supersedes end, so
  /// a superseded run's rollback waits under the new change; a change that cancels or supersedes
  /// its own action ends runs already counted, and the runs it ended are not ended again.
  @usableFromInline
  func started(
    _ run: Run, of actionId: ActionId, superseding superseded: [Run], becameLoading: Bool, window: Duration?,
    otherActions: [ActionId]?, onAccepted: (@MainActor (Run) -> Void)? = nil
  ) {
    let state = run.state
    if let window { openThrottleWindow(window, of: actionId, in: state) }
    if becameLoading {
      setLoading(true, state, of: actionId)
      if indicatorIsTimed { indicatorStartedLoading(actionId, state) }
    }
    guard !superseded.isEmpty || otherActions != nil || onAccepted != nil else {
      // A start that tells no one anything — the action was already loading, and no event
      // listener or observer is registered (one registered later hears only runs that start
      // after it) — is not posted: one of many runs of an action in flight then costs no
      // notification (the runs-in-flight rows). Nothing here decides when to deliver.
      guard becameLoading || listeners.hasEventListeners || listeners.hasObservers else { return }
      return post(.started(run, becameLoading: becameLoading), of: actionId)
    }
    delivering {
      if becameLoading || listeners.hasEventListeners || listeners.hasObservers || !superseded.isEmpty {
        post(.started(run, becameLoading: becameLoading), of: actionId)
      }
      onAccepted?(run)
      // A change that cancelled the action (or a dispatch it made that superseded) ended some.
      for older in superseded where older.isLive { retire(older, of: actionId, cancelled: true) }
      if let otherActions { supersede(otherActions, by: actionId) }
    }
  }

  /// The state an `inout` access found or inserted: reading through `inout` makes
  /// `Dictionary`'s defaulted subscript insert its default, with a single lookup.
  private static func stateIn(_ state: inout ActionState) -> ActionState {
    state
  }
}

/// What ``ActionEngine/admit(_:policy:staleTime:supersedesOtherActions:retry:timeout:onFailure:onFinish:heldAs:)``
/// did with a dispatch. Not nested in the generic view model, for the reason ``RunNotification`` gives.
@usableFromInline
enum AdmissionResult {
  /// Dropped: its `dropped` notification is posted.
  case dropped
  /// Answered from the action's last success: its `fresh` notification is posted.
  case fresh
  /// To join a shared run in flight (the run, its callers), as the caller with the given number.
  case joined(Run, SharedRun, UInt64)
  /// Held by the action's throttle window, with its number.
  case held(UInt64)
  /// Accepted: the run, live (its plan in it); the runs of its action it
  /// supersedes, whether the action became loading with it, the throttle window it opens, and
  /// whether it supersedes the other actions its dispatch names.
  case accepted(Run, superseded: [Run], becameLoading: Bool, window: Duration?, supersedesOtherActions: Bool)
}

extension ActionEngine {
  /// The run's task: wait for its turn or quiet period, then the work, then retirement.
  ///
  /// It holds the view model weakly, so releasing the view model cancels the run. Cancelling
  /// the task from outside retires the run on the main actor's next turn, even if the work
  /// ignores it; when the view model ended the run and cancelled the task, nothing more happens.
  ///
  /// `@inlinable`, for the reason ``startRun(actionId:policy:staleTime:supersedes:retry:timeout:task:onSuccess:onFailure:onFinish:onAccepted:onElement:oncePerRun:heldAs:)``
  /// gives; what it calls is `@usableFromInline` and stays here.
  @inlinable
  func makeRunTask<T, Owner: AnyObject>(_ run: RunWithWork<ActionId, T, Owner>) -> Task<Void, Never> {
    // The view model stays weak across every wait and the work: releasing it must cancel them.
    // Captures the run alone (see `RunWithWork`): the closure has no context of its own.
    return Task { @MainActor [run] in
      let actionId = run.actionId
      let owner = run.owner
      let value: T
      do {
        // Ended or cancelled before the task ran (superseded at once, say): no handler is
        // installed, which would be called at once and start a task to end it.
        guard run.isLive, !Task.isCancelled else { throw CancellationError() }
        if let plan = run.plan {
          value = try await withTaskCancellationHandler {
            try await Self.perform(run.work, of: run, actionId, plan, owner)
          } onCancel: {
            Self.retireWhenCancelled(run, of: actionId, owner)
          }
        } else {
          // A plain run calls the work directly: no extra async frame.
          value = try await withTaskCancellationHandler(operation: run.work) {
            Self.retireWhenCancelled(run, of: actionId, owner)
          }
        }
      } catch {
        // A run that ended already (cancelled, superseded, timed out) is not ended again.
        guard run.isLive else { return }
        owner.withEngine { $0.retire(run, of: actionId, afterWorkThrew: error) }
        return
      }
      guard run.isLive else { return }
      owner.withEngine { $0.retire(run, of: actionId, returning: value, onSuccess: run.onSuccess) }
    }
  }

}

extension ActionEngine {
  // MARK: - Entry points

  /// The run's work returned: the run succeeds, or ends as cancelled when its task was.
  ///
  /// Never inlined into a run's task, like the other entry points a task calls: the task's
  /// async frame then holds only what crosses its one `await`. The task calls it only while the
  /// run is live: a run that something else ended is not ended again.
  @inline(never) @usableFromInline
  func retire<T, Owner: AnyObject>(
    _ run: Run, of actionId: ActionId, returning value: T, onSuccess: (@MainActor (Owner, T) -> Void)?
  ) {
    guard !Task.isCancelled else { return retire(run, of: actionId, cancelled: false) }
    detach(run, deliveringResult: true)
    // A run's task resumes only between two turns of the main actor, never inside a delivery, so
    // this delivery starts now: the run's result handlers first, given the value typed (it is
    // boxed only for `On` handlers, and no closure is made for it).
    let began = beginDelivery()
    assert(began, "a run's task resumed inside a delivery")
    // Fresh before any closure runs: one that dispatches the action with a `staleTime` finds it so.
    markFreshIfTracked(run, of: actionId)
    run.state.successOrder = outcomes.take()
    // `Owner` is the view model's own type: the one that dispatched (see `bound`).
    if let onSuccess { withOwner { onSuccess(unsafeDowncast($0, to: Owner.self), value) } }
    if run.isShared { deliverShared(value, of: run, actionId) }
    withOwner { $0.onSuccess(actionId: actionId, result: value) }
    if listeners.hasObservers { notifyObservers(of: actionId, run: run.id) { $0.runSucceeded(with: value, while: $1) } }
    deliverEnd(of: run, actionId, .succeeded)
    endDelivery()
  }

  /// A run succeeded: its action is fresh from now, unless it was invalidated while the run was
  /// in flight. Before any dispatch gave a `staleTime`, the time is kept in the action's entry,
  /// and the first ``FreshMarks/untrackedCapacity`` actions to succeed keep a mark once their
  /// entry goes (see ``FreshMarks``).
  @inline(__always)
  func markFreshIfTracked(_ run: Run, of actionId: ActionId) {
    guard run.state.machine.successMarksFresh(run) else { return }
    if freshMarks.isTracking { return markFresh(actionId) }
    guard freshMarks.hasUntrackedRoom else { return }
    run.state.untrackedSuccessAt = elapsed.now()
    freshMarks.entriesHoldSuccesses = true
  }

  // MARK: - Retirement

  /// Takes a live run out of its action — the one step every end of a run takes, once: it is no
  /// longer live, its timer stops, a task waiting for its turn wakes, and so does the next run
  /// whose turn came.
  func detach(_ run: Run, deliveringResult: Bool) {
    precondition(run.isLive, "a run ended twice")
    run.isLive = false
    if let next = run.state.machine.runEnded(run, deliveringResult: deliveringResult) { wake(next) }
    wake(run)
    run.timer?.cancel()
  }

  /// Resumes a run's task parked until its turn (or its end).
  func wake(_ run: Run) {
    guard let waiter = run.turnWaiter else { return }
    run.turnWaiter = nil
    waiter.resume()
  }

  /// Counts the action out of loading when its machine says nothing holds it any more; `true`
  /// when it went idle.
  func endLoadingIfIdle(_ state: ActionState, of actionId: ActionId) -> Bool {
    guard state.machine.goesIdle else { return false }
    setLoading(false, state, of: actionId)
    if indicatorIsTimed { indicatorStoppedLoading(actionId, state) }
    reclaimIfIdle(state, of: actionId)
    return true
  }
}
