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
    detach(run)
    run.state.resultInDelivery = run
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
  nonisolated static func retireWhenCancelled(_ run: Run, of actionId: ActionId, _ owner: WeakReference<BaseViewModel<ActionId>>)
  {
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
    let (runs, held) = state.machine.cancel()
    delivering {
      if let held { drop(held, of: actionId) }
      if let delivered = state.resultInDelivery {
        // Called from a result handler of the run being delivered: the action stops loading now,
        // and the loading-off hook comes in that run's end, where every other end puts it.
        state.resultInDelivery = nil
        if runs.isEmpty, endLoadingIfIdle(state, of: actionId) { delivered.endedLoadingInDelivery = true }
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
    detach(run)
    if cancelsWork { run.cancelTask() }
    post(.ended(run, .cancelled(wentIdle: endLoadingIfIdle(run.state, of: actionId))), of: actionId)
  }

  /// Ends a live run as failed, once: ``errorMessage(for:)`` reports the error at once, and the action
  /// counts the run as loading until its failure handlers have run.
  private func retire(_ run: Run, of actionId: ActionId, failedWith error: any Error) {
    detach(run)
    let state = run.state
    setFailure(error, state, of: actionId)
    state.resultInDelivery = run
    post(.ended(run, .failed(error)), of: actionId)
  }

  /// Takes a live run out of its action — the one step every end of a run takes, once: it is no
  /// longer live, its timer stops, a task waiting for its turn wakes, and so does the next run
  /// whose turn came.
  private func detach(_ run: Run) {
    precondition(run.isLive, "a run ended twice")
    run.isLive = false
    if let next = run.state.machine.runEnded(run) { wake(next) }
    wake(run)
    run.timer?.cancel()
  }

  /// Resumes a run's task parked until its turn (or its end).
  func wake(_ run: Run) {
    guard let waiter = run.turnWaiter else { return }
    run.turnWaiter = nil
    waiter.resume()
  }

  /// Counts the action out of loading when nothing holds it any more; `true` when it went idle.
  private func endLoadingIfIdle(_ state: ActionState, of actionId: ActionId) -> Bool {
    guard state.isLoading, !state.holdsLoading else { return false }
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
    guard beginDelivery() else {
      pendingActions.append(actionId)
      return pendingNotifications.append(notification)
    }
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

  /// The one decision between delivering now and queueing: `true` when no notification is being
  /// delivered, and the caller now delivers (then calls ``endDelivery()``); `false` when one is,
  /// and what the caller posts waits for it. ``post(_:of:)``, ``delivering(_:)`` and a run's
  /// success all ask here.
  @inline(__always)
  func beginDelivery() -> Bool {
    guard !isDelivering else { return false }
    isDelivering = true
    return true
  }

  /// Ends a delivery that ``beginDelivery()`` began: delivers what was posted during it, in
  /// order, then clears the flag.
  ///
  /// Always inlined, so that a delivery that posted nothing (a run's start or end with no
  /// listener re-entering, the usual case) ends with one check: the loop's generic frame, which
  /// makes room for an action id, is set up only when something is queued.
  @inline(__always)
  func endDelivery() {
    if !pendingNotifications.isEmpty { drainPending() }
    isDelivering = false
  }

  /// The one delivery loop: delivers what was posted, in order, until nothing is left.
  @inline(never)
  private func drainPending() {
    var index = 0
    while index < pendingNotifications.count {
      let next = pendingNotifications[index]
      let actionId = pendingActions[index]
      index += 1
      deliver(next, of: actionId)
    }
    pendingNotifications.removeAll(keepingCapacity: true)
    pendingActions.removeAll(keepingCapacity: true)
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
  /// value typed), the loading bookkeeping its result held and `onStatusUpdate`, the event,
  /// then `finished`.
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
    let state = run.state
    if state.resultInDelivery === run {
      state.resultInDelivery = nil
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
    run.onFinish?(outcome)
    if run.isShared { finishShared(run, outcome) }
  }
}
