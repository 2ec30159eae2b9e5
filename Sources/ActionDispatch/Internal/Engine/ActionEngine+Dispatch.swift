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
    case .joined(let run, let callerID):
      return join(
        run, of: actionId, as: callerID, succeeded: Self.boxed(onSuccess), failed: onFailure, element: onElement,
        onFinish: onFinish)
    case .held(let runID):
      return hold(runID, of: actionId, onFinish: onFinish) { [weak self] in
        self?.startRun(
          actionId: actionId, policy: policy, staleTime: staleTime, supersedes: supersedes, retry: retry,
          timeout: timeout, task: work, onSuccess: onSuccess, onFailure: onFailure, onFinish: onFinish,
          onAccepted: onAccepted, onElement: onElement, oncePerRun: oncePerRun, heldAs: runID)
      }
    case .accepted(let run, let plan, let superseded, let window, let supersedesOtherActions):
      // A shared run's closures are its first caller's, so that they are skipped when it leaves.
      let starter =
        run.isShared
        ? share(run, of: actionId, succeeded: Self.boxed(onSuccess), failed: onFailure, element: onElement) : nil
      // A shared run's own success closure is its `oncePerRun`, called before its callers' closures.
      let runSucceeded = run.isShared ? oncePerRun : Self.both(onSuccess, oncePerRun)
      let task = makeRunTask(run, of: actionId, plan: plan, work: work, onSuccess: runSucceeded)
      run.task = task
      started(
        run, of: actionId, superseding: superseded, window: window,
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
    case .join(let run):
      return .joined(run, runID)
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
      let superseded = state.machine.accept(run, supersedes: supersedes)
      // A plain run (starts now, no retry, no timeout) carries no plan: its task does the least.
      let plan =
        start == .now && retry == nil && timeout == nil
        ? nil : RunPlan(start: start, retry: retry, timeout: timeout, clock: clock)
      return .accepted(
        run, plan, superseded: superseded, window: window, supersedesOtherActions: supersedesOtherActions)
    }
  }

  /// What follows an accepted run's task: its throttle window, loading, `started`, `onAccepted`
  /// (the optimistic change, a streaming run's tag), and the retirement of the runs it
  /// supersedes, its own action's and then those of `otherActions` — all state changes first,
  /// then their notifications.
  ///
  /// `onAccepted` runs once the run counts as started and before the runs it supersedes end, so
  /// a superseded run's rollback waits under the new change; a change that cancels or supersedes
  /// its own action ends runs already counted, and the runs it ended are not ended again.
  @usableFromInline
  func started(
    _ run: Run, of actionId: ActionId, superseding superseded: [Run], window: Duration?, otherActions: [ActionId]?,
    onAccepted: (@MainActor (Run) -> Void)? = nil
  ) {
    let state = run.state
    if let window { openThrottleWindow(window, of: actionId, in: state) }
    let becameLoading = !state.isLoading
    if becameLoading {
      setLoading(true, state, of: actionId)
      if indicatorIsTimed { indicatorStartedLoading(actionId, state) }
    }
    guard !superseded.isEmpty || otherActions != nil || onAccepted != nil else {
      // A start that tells no one anything — the action was already loading, and no event
      // listener or observer is registered (one registered later hears only runs that start
      // after it) — is not posted: one of many runs of an action in flight then costs no
      // notification (the runs-in-flight rows of issue 22). Nothing here decides when to deliver.
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
  /// To join a shared run in flight, as the caller with the given number.
  case joined(Run, UInt64)
  /// Held by the action's throttle window, with its number.
  case held(UInt64)
  /// Accepted: the run, live; its plan (`nil` for a plain run); the runs of its action it
  /// supersedes, the throttle window it opens, and whether it supersedes the other actions its
  /// dispatch names.
  case accepted(Run, RunPlan?, superseded: [Run], window: Duration?, supersedesOtherActions: Bool)
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
