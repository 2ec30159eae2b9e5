// When and in which order a run's notifications reach the hooks, closures and listeners: the
// view model's one delivery order, and the delivery of each notification.

extension ActionEngine {

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
  func deliver(_ notification: RunNotification, of actionId: ActionId) {
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
  func deliverEnd(of run: Run, _ actionId: ActionId, _ ending: RunEnding) {
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

/// When each notification reaches the listeners: the view model's one delivery order, a value
/// the engine asks before it delivers and after, as the machine is asked before a run starts.
///
/// One notification is delivered at a time. A notification posted while none is being delivered
/// is delivered at once; one posted during a delivery (a hook, handler or observer that
/// dispatches, cancels or ends runs) waits, and those waiting are delivered right after, in the
/// order posted. So every listener hears each run's notifications in lifecycle order — `started`
/// before its end, one end per run — from inside callbacks too, while state changes at once.
struct DeliveryOrder<ActionId> {
  /// Whether a notification is being delivered right now.
  private(set) var isDelivering = false
  /// Notifications posted during the delivery, in the order posted, and the action of each.
  private var pending: [RunNotification] = []
  private var pendingActions: [ActionId] = []
  /// The next of ``pending`` to deliver.
  private var nextIndex = 0

  /// Whether notifications wait for the current delivery to end.
  var hasPending: Bool { !pending.isEmpty }

  /// A delivery wants to begin: `true` when none is under way, and the caller delivers now (and
  /// then calls ``end()`` after delivering what ``next()`` gives); `false` when one is.
  @inline(__always)
  mutating func begin() -> Bool {
    guard !isDelivering else { return false }
    isDelivering = true
    return true
  }

  /// A notification is posted while a delivery is under way: it waits its turn.
  mutating func enqueue(_ notification: RunNotification, of actionId: ActionId) {
    pending.append(notification)
    pendingActions.append(actionId)
  }

  /// The next notification to deliver, oldest posted first; `nil` once every one has been (the
  /// queue is then empty again). Posting while the one it returned is delivered adds to the end.
  mutating func next() -> (notification: RunNotification, actionId: ActionId)? {
    guard nextIndex < pending.count else {
      pending.removeAll(keepingCapacity: true)
      pendingActions.removeAll(keepingCapacity: true)
      nextIndex = 0
      return nil
    }
    defer { nextIndex += 1 }
    return (pending[nextIndex], pendingActions[nextIndex])
  }

  /// The delivery ended: nothing waits (``next()`` returned `nil`, or nothing was posted).
  @inline(__always)
  mutating func end() {
    isDelivering = false
  }
}
