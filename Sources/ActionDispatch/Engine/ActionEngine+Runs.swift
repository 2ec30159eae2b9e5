// A run from dispatch to its end: admission (the machine decides), the run's task, its
// retirement, and the delivery of its notifications to the hooks, closures and listeners.

extension ActionEngine {
  /// Waits for a run's task; cancelling the waiting task cancels the run.
  @inlinable
  static func waitFor(_ run: Task<Void, Never>) async {
    await withTaskCancellationHandler {
      await run.value
    } onCancel: {
      run.cancel()
    }
  }
}

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
  /// `@inlinable`, with ``makeRunTask(_:of:plan:work:onSuccess:)`` and the public `dispatch`
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
  func startRun<T>(
    actionId: ActionId,
    policy: DispatchPolicy,
    staleTime: Duration? = nil,
    supersedes: [ActionId]? = nil,
    retry: RetryPolicy?,
    timeout: Duration?,
    task work: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)?,
    onFailure: (@MainActor (any Error) -> Void)?,
    onFinish: (@MainActor (RunOutcome) -> Void)?,
    onAccepted: (@MainActor (Run) -> Void)? = nil,
    onElement: (@MainActor (Any) -> Void)? = nil,
    oncePerRun: (@MainActor (T) -> Void)? = nil,
    heldAs heldRunID: UInt64? = nil
  ) -> Task<Void, Never> {
    switch admit(
      actionId, policy: policy, staleTime: staleTime, supersedesOtherActions: supersedes != nil, retry: retry,
      timeout: timeout, onFailure: onFailure, onFinish: onFinish, heldAs: heldRunID)
    {
    case .dropped:
      return Task {}
    case .fresh:
      return completedTask
    case .joined(let run, let shared, let callerID):
      return join(
        run, shared, of: actionId, as: callerID, succeeded: Self.boxed(onSuccess), failed: onFailure,
        element: onElement,
        onFinish: onFinish)
    case .held(let runID):
      return hold(runID, of: actionId, onFinish: onFinish) { [weak self] in
        self?.startRun(
          actionId: actionId, policy: policy, staleTime: staleTime, supersedes: supersedes, retry: retry,
          timeout: timeout, task: work, onSuccess: onSuccess, onFailure: onFailure, onFinish: onFinish,
          onAccepted: onAccepted, onElement: onElement, oncePerRun: oncePerRun, heldAs: runID)
      }
    case .accepted(let run, let plan, let superseded, let becameLoading, let window, let supersedesOtherActions):
      // A shared run's closures are its first caller's, so that they are skipped when it leaves.
      let starter =
        run.isShared
        ? share(run, of: actionId, succeeded: Self.boxed(onSuccess), failed: onFailure, element: onElement) : nil
      // A shared run's own success closure is its `oncePerRun`, called before its callers' closures.
      let runSucceeded = run.isShared ? oncePerRun : Self.both(onSuccess, oncePerRun)
      let task = makeRunTask(run, of: actionId, plan: plan, work: work, onSuccess: runSucceeded)
      run.task = task
      started(
        run, of: actionId, superseding: superseded, becameLoading: becameLoading, window: window,
        otherActions: supersedesOtherActions ? supersedes : nil, onAccepted: onAccepted)
      return starter ?? task
    }
  }

  /// A run's success closures, one after the other; no closure is made when one is missing.
  @inlinable
  static func both<T>(
    _ first: (@MainActor (T) -> Void)?, _ second: (@MainActor (T) -> Void)?
  ) -> (@MainActor (T) -> Void)? {
    guard let second else { return first }
    guard let first else { return second }
    return { value in
      first(value)
      second(value)
    }
  }

  /// A caller's success closure for a shared run, which delivers the value boxed: `false` when
  /// it is not the type the caller expects.
  @inlinable
  static func boxed<T>(_ onSuccess: (@MainActor (T) -> Void)?) -> (@MainActor (Any) -> Bool)? {
    guard let onSuccess else { return nil }
    return { value in
      guard let typed = value as? T else { return false }
      onSuccess(typed)
      return true
    }
  }

  /// Asks the action's machine what a dispatch does and, when it is accepted, makes its run
  /// and counts it live — everything of ``startRun(actionId:policy:staleTime:supersedes:retry:timeout:task:onSuccess:onFailure:onFinish:onAccepted:onElement:heldAs:)``
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
    heldAs heldRunID: UInt64?
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
      // A shared run's failure closures are its callers'.
      let run = Run(
        id: runID, state: state, startedAt: listeners.hasEventListeners ? Run.now() : nil,
        onFailure: shared ? nil : onFailure, onFinish: onFinish)
      if shared { run.shared = SharedRun() }
      let (superseded, becameLoading) = state.machine.accept(run, supersedes: supersedes)
      // A plain run (starts now, no retry, no timeout) carries no plan: its task does the least.
      let plan =
        start == .now && retry == nil && timeout == nil
        ? nil : RunPlan(start: start, retry: retry, timeout: timeout, clock: clock)
      return .accepted(
        run, plan, superseded: superseded, becameLoading: becameLoading, window: window,
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
  /// Accepted: the run, live; its plan (`nil` for a plain run); the runs of its action it
  /// supersedes, whether the action became loading with it, the throttle window it opens, and
  /// whether it supersedes the other actions its dispatch names.
  case accepted(
    Run, RunPlan?, superseded: [Run], becameLoading: Bool, window: Duration?, supersedesOtherActions: Bool)
}

/// The task a dispatch answered fresh returns: one task, made once, that has nothing to do.
///
/// Made when the first view model is (its initializers touch it), detached and at a priority of
/// its own, so that it has run long before any dispatch can be answered fresh and never runs
/// among a serial-executor test's jobs: awaiting it never waits, and a test's schedule does not
/// depend on whether it is the process's first fresh answer (`withSerialExecutor` awaits it
/// before its scope opens, see ``prepareFreshAnswers()``).
@usableFromInline
let completedTask = Task<Void, Never>.detached(priority: .high) {}

/// Waits until the task dispatches answered fresh return has completed: for ActionDispatchTesting's
/// serial executor, before its scope opens.
package func prepareFreshAnswers() async {
  await completedTask.value
}

extension ActionEngine {
  /// The run's task: wait for its turn or quiet period, then the work, then retirement.
  ///
  /// It holds the view model weakly, so releasing the view model cancels the run. Cancelling
  /// the task from outside retires the run on the main actor's next turn, even if the work
  /// ignores it; when the view model ended the run and cancelled the task, nothing more happens.
  ///
  /// `@inlinable`, for the reason ``startRun(actionId:policy:staleTime:supersedes:retry:timeout:task:onSuccess:onFailure:onFinish:onAccepted:onElement:heldAs:)``
  /// gives; what it calls is `@usableFromInline` and stays here.
  @inlinable
  func makeRunTask<T>(
    _ run: Run,
    of actionId: ActionId,
    plan: RunPlan?,
    work: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)?
  ) -> Task<Void, Never> {
    // The view model stays weak across every wait and the work: releasing it must cancel them.
    let owner = weakOwner
    return Task { @MainActor in
      let value: T
      do {
        // Ended or cancelled before the task ran (superseded at once, say): no handler is
        // installed, which would be called at once and start a task to end it.
        guard run.isLive, !Task.isCancelled else { throw CancellationError() }
        if let plan {
          value = try await withTaskCancellationHandler {
            try await Self.perform(work, of: run, actionId, plan, owner)
          } onCancel: {
            Self.retireWhenCancelled(run, of: actionId, owner)
          }
        } else {
          // A plain run calls the work directly: no extra async frame.
          value = try await withTaskCancellationHandler(operation: work) {
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
      owner.withEngine { $0.retire(run, of: actionId, returning: value, onSuccess: onSuccess) }
    }
  }

  /// Runs the work of a run with a plan: waits for its turn or quiet period, starts its
  /// timeout, and retries per its policy. Main-actor isolated, so calling the work is no hop.
  ///
  /// Before every attempt after the first it checks that the run is still live and not
  /// cancelled: a cancel or timeout that lands during or right after a backoff starts nothing.
  /// Never inlined: its frame is allocated only by runs with a plan, which keeps a plain run's
  /// task small.
  @inline(never) @usableFromInline
  static func perform<T>(
    _ work: @MainActor () async throws -> T,
    of run: Run,
    _ actionId: ActionId,
    _ plan: RunPlan,
    _ owner: WeakReference<BaseViewModel<ActionId>>
  ) async throws -> T {
    // No strong reference to the view model may live across an `await`: releasing it must cancel the run.
    guard await waitToStart(run, plan, owner), owner.withEngine({ $0.beginWork(run, of: actionId, plan) }) == true
    else {
      throw CancellationError()
    }
    guard let retry = plan.retry else { return try await work() }
    var attempt = 1
    while true {
      do {
        return try await work()
      } catch {
        let retryable = attempt < retry.maxAttempts && !(error is CancellationError) && !Task.isCancelled
        guard retryable, retry.shouldRetry(error) else { throw error }
        try await plan.clock.sleep(for: retry.backoff(after: attempt))
        guard !Task.isCancelled, run.isLive else { throw CancellationError() }
        attempt += 1
      }
    }
  }

  /// Waits for the run's turn or quiet period; `false` when it ended or was cancelled meanwhile.
  private static func waitToStart(
    _ run: Run, _ plan: RunPlan, _ owner: WeakReference<BaseViewModel<ActionId>>
  ) async -> Bool {
    switch plan.start {
    case .now:
      break
    case .afterPredecessors:
      await withUnsafeContinuation { continuation in
        // The view model is held while the run parks, so that its `deinit`, which may run on
        // another thread and wakes parked runs, comes wholly before or after; gone already, or
        // the run retired or first in line (its predecessors ended before the task ran): go on.
        guard let viewModel = owner.object, run.isLive, run.state.machine.runs.oldest !== run else {
          return continuation.resume()
        }
        withExtendedLifetime(viewModel) { run.turnWaiter = continuation }
      }
    case .afterQuietPeriod(let quiet):
      do { try await plan.clock.sleep(for: quiet) } catch { return false }
    }
    return run.isLive && !Task.isCancelled
  }

  /// Starts the run's timeout, if it has one: when it passes on the view model's clock, the run
  /// fails. `false` when the run ended meanwhile.
  private func beginWork(_ run: Run, of actionId: ActionId, _ plan: RunPlan) -> Bool {
    guard run.isLive else { return false }
    guard let timeout = plan.timeout else { return true }
    let clock = plan.clock
    let owner = weakOwner
    run.timer = Task { @MainActor in
      do { try await clock.sleep(for: timeout) } catch { return }
      owner.withEngine { $0.retire(run, of: actionId, timedOutAfter: timeout) }
    }
    return true
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
  func retire<T>(_ run: Run, of actionId: ActionId, returning value: T, onSuccess: (@MainActor (T) -> Void)?) {
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
    onSuccess?(value)
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

  /// The work threw: the run fails, or ends as cancelled when that is why it threw. The task
  /// calls it only while the run is live.
  @inline(never) @usableFromInline
  func retire(_ run: Run, of actionId: ActionId, afterWorkThrew error: any Error) {
    if Task.isCancelled || error is CancellationError {
      retire(run, of: actionId, cancelled: false)
    } else {
      retire(run, of: actionId, failedWith: error)
    }
  }

  /// The timeout fired: the run fails — unless it was cancelled first, which it then ends as.
  func retire(_ run: Run, of actionId: ActionId, timedOutAfter limit: Duration) {
    guard run.isLive else { return }
    if run.task?.isCancelled == true {
      retire(run, of: actionId, cancelled: false)
    } else {
      run.cancelTask()
      retire(run, of: actionId, failedWith: ActionTimeoutError(timeout: limit))
    }
  }

  /// The run's task was cancelled from outside (its returned task, a group, a waiting caller),
  /// possibly on another thread: retires the run on the main actor's next turn, even if its work
  /// ignores the cancel.
  ///
  /// When the view model cancelled the task itself, it had retired the run first and said so
  /// (``Run/cancelTask()``): then nothing is left to do, and no task is started.
  @usableFromInline
  nonisolated static func retireWhenCancelled(
    _ run: Run, of actionId: ActionId, _ owner: WeakReference<BaseViewModel<ActionId>>
  ) {
    guard !Run.isCancelledByViewModel else { return }
    Task { @MainActor in
      guard run.isLive else { return }  // it ended meanwhile, as something else ended it
      owner.withEngine { $0.retire(run, of: actionId, cancelled: false) }
    }
  }

  /// Cancels every run of the action and drops the dispatch its throttle window holds; for
  /// ``cancel(_:)`` and ``cancelAll()``.
  ///
  /// The runs end before this returns, wherever it is called from: the action is not loading
  /// any more (a result being delivered stops counting too). Their notifications are
  /// delivered now, or after the one being delivered.
  func cancelRuns(of actionId: ActionId) {
    guard let state = states[actionId] else { return }
    let (runs, held, delivered) = state.machine.cancel()
    delivering {
      if let held { drop(held, of: actionId) }
      if let delivered {
        // Called from a result handler of the run being delivered: the action stops loading now,
        // and the loading-off hook comes in that run's end, where every other end puts it.
        if endLoadingIfIdle(state, of: actionId) { delivered.endedLoadingInDelivery = true }
      }
      for run in runs { retire(run, of: actionId, cancelled: true) }
    }
  }

  /// Ends a held dispatch as dropped: its task completes, then it emits `dropped`.
  func drop(_ held: HeldDispatch, of actionId: ActionId) {
    held.settle(nil)
    post(.dropped(held.runID, onFinish: held.onFinish), of: actionId)
  }

  // MARK: - Retirement

  /// Ends a live run as cancelled; `cancelsWork` cancels its task, which then has nothing left
  /// to end (see ``Run/cancelTask()``).
  ///
  /// Its action stops loading at once, when this was its last run: a cancelled run has no
  /// result to deliver first.
  func retire(_ run: Run, of actionId: ActionId, cancelled cancelsWork: Bool) {
    detach(run, deliveringResult: false)
    if cancelsWork { run.cancelTask() }
    post(.ended(run, .cancelled(wentIdle: endLoadingIfIdle(run.state, of: actionId))), of: actionId)
  }

  /// Ends a live run as failed, once: ``errorMessage(for:)`` reports the error at once, and the action
  /// counts the run as loading until its failure handlers have run.
  private func retire(_ run: Run, of actionId: ActionId, failedWith error: any Error) {
    detach(run, deliveringResult: true)
    let state = run.state
    setFailure(error, state, of: actionId)
    post(.ended(run, .failed(error)), of: actionId)
  }

  /// Takes a live run out of its action — the one step every end of a run takes, once: it is no
  /// longer live, its timer stops, a task waiting for its turn wakes, and so does the next run
  /// whose turn came.
  private func detach(_ run: Run, deliveringResult: Bool) {
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
  private func endLoadingIfIdle(_ state: ActionState, of actionId: ActionId) -> Bool {
    guard state.machine.goesIdle else { return false }
    setLoading(false, state, of: actionId)
    if indicatorIsTimed { indicatorStoppedLoading(actionId, state) }
    reclaimIfIdle(state, of: actionId)
    return true
  }

  // MARK: - Delivery

  /// Posts a notification once the state change it reports has happened: delivered now, or —
  /// when a notification is being delivered — queued and delivered right after it, in the
  /// order posted.
  ///
  /// This is what keeps re-entrant callbacks safe: a hook, observer or handler that
  /// dispatches, cancels or ends runs changes state at once, but every listener still sees
  /// each run's notifications in lifecycle order, one end per run.
  func post(_ notification: RunNotification, of actionId: ActionId) {
    guard beginDelivery() else { return deliveryOrder.enqueue(notification, of: actionId) }
    deliver(notification, of: actionId)
    endDelivery()
  }

  /// Runs `body`, which changes state and posts, then delivers what it posted: every state
  /// change of one call (a cancel of several runs, a run and the runs it supersedes) happens
  /// before any listener hears of the first. Inside a delivery, what it posts is queued as
  /// ``post(_:of:)`` queues.
  @inline(__always)
  func delivering(_ body: () -> Void) {
    guard beginDelivery() else { return body() }
    body()
    endDelivery()
  }

  /// Asks ``DeliveryOrder`` whether the caller delivers now: `true` when no notification is being
  /// delivered (the caller then calls ``endDelivery()``); `false` when one is, and what the caller
  /// posts waits for it. ``post(_:of:)``, ``delivering(_:)`` and a run's success all ask here.
  @inline(__always)
  func beginDelivery() -> Bool {
    deliveryOrder.begin()
  }

  /// Ends a delivery that ``beginDelivery()`` began: delivers what was posted during it, in the
  /// order ``DeliveryOrder`` gives, then ends it.
  ///
  /// Always inlined, so that a delivery that posted nothing (a run's start or end with no
  /// listener re-entering, the usual case) ends with one check: the loop's generic frame, which
  /// makes room for an action id, is set up only when something is queued.
  @inline(__always)
  func endDelivery() {
    if deliveryOrder.hasPending { drainPending() }
    deliveryOrder.end()
  }

  /// The one delivery loop: delivers what was posted, in order, until nothing is left.
  @inline(never)
  private func drainPending() {
    while let (next, actionId) = deliveryOrder.next() { deliver(next, of: actionId) }
  }

  /// Delivers one notification to every listener, in the fixed order.
  private func deliver(_ notification: RunNotification, of actionId: ActionId) {
    switch notification {
    case .started(let run, let becameLoading):
      if becameLoading { withOwner { $0.onStatusUpdate(actionId: actionId, isLoading: true) } }
      if listeners.hasEventListeners { emit(ActionEvent(actionId: actionId, kind: .started, run: run.id), run: run.id) }
      if listeners.hasObservers { notifyObservers(of: actionId, run: run.id) { $0.runStarted(while: $1) } }
    case .element(let run, let element, let deliver):
      // An element reaches every listener once its delivery began, even when one of them
      // cancels the run: it is the notification in progress. The end follows it.
      guard run.isLive else { return }
      elementInDelivery = run
      defer { elementInDelivery = nil }
      if run.isShared { deliverShared(element: element, of: run) } else { deliver(element) }
      if listeners.hasObservers { notifyObservers(of: actionId, run: run.id) { $0.runElement(element, while: $1) } }
    case .ended(let run, let ending):
      deliverEnd(of: run, actionId, ending)
    case .dropped(let runID, let onFinish):
      if listeners.hasEventListeners { emit(ActionEvent(actionId: actionId, kind: .dropped, run: runID), run: runID) }
      if listeners.hasObservers { notifyObservers(of: actionId, run: runID) { $0.dispatchDropped(while: $1) } }
      onFinish?(.cancelled)
    case .held(let runID):
      if listeners.hasObservers { notifyObservers(of: actionId, run: runID) { $0.dispatchHeld(while: $1) } }
    case .joined(let run):
      if listeners.hasEventListeners { emit(ActionEvent(actionId: actionId, kind: .joined, run: run.id), run: run.id) }
    case .fresh(let runID, let onFinish):
      if listeners.hasEventListeners { emit(ActionEvent(actionId: actionId, kind: .fresh, run: runID), run: runID) }
      onFinish?(.succeeded)
    }
  }

  /// Delivers a retired run's end in the one fixed order: its result (the typed closure, the
  /// hook, then the `On` handlers — for a success, all three called just before this, with the
  /// value typed), its optimistic change kept or rolled back, the loading bookkeeping its result
  /// held and `onStatusUpdate`, the event, then `finished`.
  private func deliverEnd(of run: Run, _ actionId: ActionId, _ ending: RunEnding) {
    let outcome: RunOutcome
    var wentIdle = false
    var failure: (any Error)?
    switch ending {
    case .succeeded:
      outcome = .succeeded
    case .failed(let error):
      outcome = .failed
      failure = error
      run.onFailure?(error)
      if run.isShared { deliverShared(error, of: run) }
      withOwner { $0.onError(actionId: actionId, error: error) }
      if listeners.hasObservers { notifyObservers(of: actionId, run: run.id) { $0.runFailed(with: error, while: $1) } }
    case .cancelled(let idle):
      outcome = .cancelled
      wentIdle = idle
      if listeners.hasObservers { notifyObservers(of: actionId, run: run.id) { $0.runCancelled(while: $1) } }
    }
    // The optimistic change is kept or rolled back with the rest of what the end changes, before
    // the loading bookkeeping and the event: whoever hears the event sees the state the end left.
    run.onFinish?(outcome)
    if run.isShared { finishShared(run, outcome) }
    let state = run.state
    if state.machine.resultDelivered(run) {
      wentIdle = endLoadingIfIdle(state, of: actionId)
    } else if run.endedLoadingInDelivery {
      wentIdle = true  // a result handler cancelled the action: its loading ended then
    }
    if wentIdle { withOwner { $0.onStatusUpdate(actionId: actionId, isLoading: false) } }
    if listeners.hasEventListeners {
      let kind: ActionEvent<ActionId>.Kind
      switch outcome {
      case .succeeded: kind = .succeeded
      case .failed: kind = .failed
      case .cancelled: kind = .cancelled
      }
      emit(
        ActionEvent(
          actionId: actionId, kind: kind, run: run.id,
          duration: run.startedAt.map { Run.now() - $0 },
          errorMessage: failure.map(ErrorMessage.describe)),
        run: run.id)
    }
    if listeners.hasObservers { notifyObservers(of: actionId, run: run.id) { $0.runFinished(while: $1) } }
  }
}

extension ActionEngine {
  /// Ends the runs of other actions that a dispatch of `actionId` names in `supersedes:`, as it
  /// becomes a run; for ``ActionDispatching/dispatch(actionId:policy:staleTime:supersedes:retry:timeout:optimistic:task:onSuccess:onFailure:oncePerRun:)``.
  ///
  /// Each named action's machine decides (``ActionStateMachine/supersededByAnotherAction(sparing:)``):
  /// its live runs end as cancelled and the dispatch its throttle window holds is dropped. The
  /// dispatching action itself is left to its policy, so its new run is never superseded, and
  /// neither is the run whose callback made the dispatch: a run whose result is being delivered
  /// has already ended and is not live, and a streaming run delivering an element is spared. The
  /// runs end oldest first, whatever the order of the list.
  func supersede(_ actions: [ActionId], by actionId: ActionId) {
    var ended: [(actionId: ActionId, run: Run)] = []
    var seen: [ActionId] = []
    for other in actions where other != actionId && !seen.contains(other) {
      seen.append(other)
      guard let state = states[other] else { continue }
      let (runs, held) = state.machine.supersededByAnotherAction(sparing: elementInDelivery)
      if let held { drop(held, of: other) }
      for run in runs { ended.append((other, run)) }
    }
    ended.sort { $0.run.id < $1.run.id }
    for (other, run) in ended { retire(run, of: other, cancelled: true) }
  }
}

/// A notification, posted by ``ActionEngine/post(_:of:)`` once the state change it reports has
/// happened, and delivered in the order posted.
///
/// Not generic (its action travels beside it): generic code that handles a value of a type
/// nested in the generic view model looks that type's metadata up at every use.
enum RunNotification {
  /// A run was accepted; `becameLoading` when the action went from idle to loading.
  case started(Run, becameLoading: Bool)
  /// A streaming run produced an element; `deliver` is the run's typed `onElement`.
  case element(Run, Any, deliver: @MainActor (Any) -> Void)
  /// A run was retired.
  case ended(Run, RunEnding)
  /// A dispatch was held by `.throttle` until its window closes.
  case held(UInt64)
  /// A dispatch was dropped: by `.ignoreWhileRunning`, or held by `.throttle` and replaced or cancelled.
  case dropped(UInt64, onFinish: (@MainActor (RunOutcome) -> Void)?)
  /// A dispatch joined a shared run in flight (`.joinRunning`).
  case joined(Run)
  /// A dispatch found its action fresh (`staleTime:`) and started nothing.
  case fresh(UInt64, onFinish: (@MainActor (RunOutcome) -> Void)?)
}

/// How a run ended.
enum RunEnding {
  /// The work returned; its value was handed, typed, to the run's success closure, the
  /// ``BaseViewModel/onSuccess(actionId:result:)`` hook and the `On` handlers just before
  /// (see ``ActionEngine/retire(_:of:returning:onSuccess:)``).
  case succeeded
  /// The work threw, or the timeout fired.
  case failed(any Error)
  /// Cancelled, superseded or timed out after a cancel; `wentIdle` when the action's loading
  /// ended with it.
  case cancelled(wentIdle: Bool)
}
