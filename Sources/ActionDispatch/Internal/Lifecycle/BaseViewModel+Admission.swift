extension BaseViewModel {
  /// The one way in: admits (or drops) a dispatch and starts its run's task.
  ///
  /// State changes at once — the action is loading when this returns, its old error is gone —
  /// and the run's `started` notifications are delivered now, or after the notification being
  /// delivered when a callback dispatches (see ``deliver(_:)``). `onAccepted` is given the run
  /// when it is accepted, before its work can start (a streaming run tags its elements).
  ///
  /// `@inlinable`, with ``makeRunTask(_:of:plan:work:onSuccess:)`` and the public `dispatch`
  /// forms, so that a run's task is compiled for the app's action and result types: its async
  /// frame then has a fixed size and its value no generic copies. Only the run's task is
  /// inlined; everything else it reaches is `@usableFromInline` and stays here.
  @inlinable
  func startRun<T>(
    actionId: ActionId,
    policy: DispatchPolicy,
    retry: RetryPolicy?,
    timeout: Duration?,
    task work: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)?,
    onFailure: (@MainActor (any Error) -> Void)?,
    onFinish: (@MainActor (RunOutcome) -> Void)?,
    onAccepted: (@MainActor (Run) -> Void)? = nil
  ) -> Task<Void, Never> {
    switch admit(actionId, policy: policy, retry: retry, timeout: timeout, onFailure: onFailure, onFinish: onFinish) {
    case .dropped(let task):
      return task
    case .held(let runID):
      return hold(runID, of: actionId, onFinish: onFinish) { [weak self] in
        self?.startRun(
          actionId: actionId, policy: policy, retry: retry, timeout: timeout, task: work,
          onSuccess: onSuccess, onFailure: onFailure, onFinish: onFinish, onAccepted: onAccepted)
      }
    case .accepted(let run, let plan, let supersedes, let window):
      onAccepted?(run)
      let task = makeRunTask(run, of: actionId, plan: plan, work: work, onSuccess: onSuccess)
      run.task = task
      started(run, of: actionId, supersedes: supersedes, window: window)
      return task
    }
  }

  /// Decides a dispatch's fate and, when it is accepted, makes its run and counts it live —
  /// everything of ``startRun(actionId:policy:retry:timeout:task:onSuccess:onFailure:onFinish:onAccepted:)``
  /// that does not depend on the work's type.
  @usableFromInline
  func admit(
    _ actionId: ActionId,
    policy: DispatchPolicy,
    retry: RetryPolicy?,
    timeout: Duration?,
    onFailure: (@MainActor (any Error) -> Void)?,
    onFinish: (@MainActor (RunOutcome) -> Void)?
  ) -> AdmissionResult {
    let runID = nextRunID
    nextRunID &+= 1
    // An action whose existing state a dispatch found last needs no hash lookup (runs of one
    // action in flight); any other takes one, which finds its state or makes it. A new state has
    // no live runs and no throttle window, so admission accepts: no state is made for a dispatch
    // that is not a run.
    let state: ActionState
    if let recent = recentState, recentActionId.pointee == actionId {
      state = recent
    } else {
      // A new state shows in the count: the default captures nothing, so nothing is boxed.
      let count = states.count
      state = Self.stateIn(&states[actionId, default: ActionState()])
      if states.count != count {
        idleWatch.actionStartedLoading(actionId)
      } else {
        remember(state, of: actionId)
      }
    }

    let admission = Admission(
      policy: policy, hasLiveRuns: !state.liveRuns.isEmpty, throttleWindowIsOpen: state.throttle != nil)
    let (supersedes, start, window): (Bool, Admission.Start, Duration?)
    switch admission {
    case .drop:
      deliver { [self] in
        emit(ActionEvent(actionId: actionId, kind: .dropped, run: runID), run: runID)
        onFinish?(.cancelled)
      }
      return .dropped(Task {})
    case .hold:
      return .held(runID)
    case .accept(let supersedesOlder, let startsAt, let opensWindow):
      (supersedes, start, window) = (supersedesOlder, startsAt, opensWindow)
    }
    if state.hasFailure {
      state.failure = nil
      state.failureWasRead = false
    }
    let run = Run(
      id: runID, state: state, startedAt: listeners.hasEventListeners ? Run.now() : nil, onFailure: onFailure,
      onFinish: onFinish)
    // A plain run (starts now, no retry, no timeout) carries no plan: its task does the least.
    let plan =
      start == .now && retry == nil && timeout == nil
      ? nil : RunPlan(start: start, retry: retry, timeout: timeout, clock: clock)
    state.liveRuns.append(run)
    return .accepted(run, plan, supersedes: supersedes, window: window)
  }

  /// What follows an accepted run's task: its throttle window, loading, `started`, and the
  /// retirement of the runs it supersedes.
  @usableFromInline
  func started(_ run: Run, of actionId: ActionId, supersedes: Bool, window: Duration?) {
    let state = run.state
    if let window { openThrottleWindow(window, of: actionId, in: state) }

    state.loadingCount += 1
    let becameLoading = state.loadingCount == 1
    if becameLoading {
      state.setLoading(true)
      summary.add(1)
      if indicatorIsTimed { indicatorStartedLoading(actionId, state) }
    }
    let runID = run.id
    if isDelivering {
      pendingNotifications.append { [self] in notifyStarted(runID, of: actionId, becameLoading: becameLoading) }
    } else {
      isDelivering = true
      notifyStarted(runID, of: actionId, becameLoading: becameLoading)
      finishDelivering()
    }
    if supersedes {
      retireAll(olderThan: run, of: actionId, in: state)
    }
  }

  /// The state an `inout` access found or inserted: reading through `inout` makes
  /// `Dictionary`'s defaulted subscript insert its default, with a single lookup.
  private static func stateIn(_ state: inout ActionState) -> ActionState {
    state
  }

  /// Delivers a run's start: `onStatusUpdate` when the action became loading, the event, `started`.
  private func notifyStarted(_ runID: UInt64, of actionId: ActionId, becameLoading: Bool) {
    if becameLoading { onStatusUpdate(actionId: actionId, isLoading: true) }
    if listeners.hasEventListeners { emit(ActionEvent(actionId: actionId, kind: .started, run: runID), run: runID) }
    if listeners.hasObservers { notifyObservers(of: actionId, run: runID) { $0.runStarted(while: $1) } }
  }

  /// The run's task: wait for its turn or quiet period, then the work, then the one way out.
  ///
  /// It holds the view model weakly, so releasing the view model cancels the run. Cancelling
  /// the task retires the run on the main actor's next turn, even if the work ignores it.
  @inlinable
  func makeRunTask<T>(
    _ run: Run,
    of actionId: ActionId,
    plan: RunPlan?,
    work: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)?
  ) -> Task<Void, Never> {
    // The view model stays weak across every wait and the work: releasing it must cancel them.
    let owner = weakSelf
    return Task { @MainActor in
      let value: T
      do {
        if let plan {
          value = try await withTaskCancellationHandler {
            try await Self.perform(work, of: run, actionId, plan, owner)
          } onCancel: {
            Self.retireWhenCancelled(run, of: actionId, owner)
          }
        } else {
          // A plain run calls the work directly: no extra async frame, no executor hop.
          guard run.isLive, !Task.isCancelled else { throw CancellationError() }
          value = try await withTaskCancellationHandler(operation: work) {
            Self.retireWhenCancelled(run, of: actionId, owner)
          }
        }
      } catch {
        owner.object?.retire(run, of: actionId, afterWorkThrew: error)
        return
      }
      owner.object?.succeed(run, of: actionId, with: value, onSuccess: onSuccess)
    }
  }

  /// Called when a run's task is cancelled, possibly on another thread: retires the run on the
  /// main actor. A run that already ended (the usual case, when the framework cancelled it)
  /// makes this a no-op.
  @usableFromInline
  nonisolated static func retireWhenCancelled(
    _ run: Run, of actionId: ActionId, _ owner: WeakReference<BaseViewModel>
  ) {
    Task { @MainActor in owner.object?.retire(run, of: actionId, .cancelled, cancelsWork: false) }
  }

  /// Waits for the run's turn or quiet period; `false` when it ended or was cancelled meanwhile.
  private static func waitToStart(_ run: Run, _ plan: RunPlan, _ owner: WeakReference<BaseViewModel>) async -> Bool {
    switch plan.start {
    case .now:
      break
    case .afterPredecessors:
      await withUnsafeContinuation { continuation in
        // The view model is held while the run parks, so that its `deinit`, which may run on
        // another thread and wakes parked runs, comes wholly before or after; gone already, or
        // the run retired or first in line (its predecessors ended before the task ran): go on.
        guard let viewModel = owner.object, run.isLive, run.state.liveRuns.oldest !== run else {
          return continuation.resume()
        }
        withExtendedLifetime(viewModel) { run.turnWaiter = continuation }
      }
    case .afterQuietPeriod(let quiet):
      do { try await plan.clock.sleep(for: quiet) } catch { return false }
    }
    return run.isLive && !Task.isCancelled
  }

  /// Starts the run's timeout, if it has one; `false` if the run ended.
  private func beginWork(_ run: Run, of actionId: ActionId, _ plan: RunPlan) -> Bool {
    guard run.isLive else { return false }
    if let timeout = plan.timeout {
      let clock = plan.clock
      run.timer = Task { @MainActor [weak self] in
        do { try await clock.sleep(for: timeout) } catch { return }
        self?.retire(run, of: actionId, timedOutAfter: timeout)
      }
    }
    return true
  }

  /// The timeout fired: the run fails — unless it was cancelled first, which it then ends as.
  private func retire(_ run: Run, of actionId: ActionId, timedOutAfter limit: Duration) {
    guard run.isLive else { return }
    let ending: RunEnding = run.task?.isCancelled == true ? .cancelled : .failed(ActionTimeoutError(timeout: limit))
    retire(run, of: actionId, ending, cancelsWork: true)
  }

  /// The work threw: the run fails, or ends as cancelled when that is why it threw. Never
  /// inlined into the run's task, for the reason ``retire(_:of:_:cancelsWork:)`` gives.
  @inline(never) @usableFromInline
  func retire(_ run: Run, of actionId: ActionId, afterWorkThrew error: any Error) {
    let ending: RunEnding = Task.isCancelled || error is CancellationError ? .cancelled : .failed(error)
    retire(run, of: actionId, ending, cancelsWork: false)
  }

  /// Runs the work of a run with a plan: waits for its turn or quiet period, starts its
  /// timeout, and retries per its policy. Main-actor isolated, so calling the work is no hop.
  ///
  /// Before every attempt after the first it checks that the run is still live and not
  /// cancelled: a cancel or timeout that lands during or right after a backoff starts nothing.
  /// Never inlined: its frame is allocated only by runs with a plan, which keeps a plain run's
  /// task small.
  @MainActor @inline(never) @usableFromInline
  static func perform<T>(
    _ work: @MainActor () async throws -> T,
    of run: Run,
    _ actionId: ActionId,
    _ plan: RunPlan,
    _ owner: WeakReference<BaseViewModel>
  ) async throws -> T {
    guard await waitToStart(run, plan, owner), owner.object?.beginWork(run, of: actionId, plan) == true else {
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
}
