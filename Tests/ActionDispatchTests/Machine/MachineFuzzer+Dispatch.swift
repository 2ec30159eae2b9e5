@testable import ActionDispatch

/// What a dispatch should do, as the model decides it: ``ActionStateMachine/DispatchAction``
/// with a joined run's number in place of the run, so that two decisions compare.
enum MachineDecision: Equatable, CustomStringConvertible {
  case fresh
  case join(UInt64)
  case drop
  case hold
  case start(ActionStateMachine.Start, supersedes: Bool, opensWindow: Duration?, supersedesOthers: Bool, shared: Bool)

  init(_ action: ActionStateMachine.DispatchAction) {
    switch action {
    case .fresh: self = .fresh
    case .join(let run, _): self = .join(run.id)
    case .drop: self = .drop
    case .hold: self = .hold
    case .start(let start, let supersedes, let window, let others, let shared):
      self = .start(start, supersedes: supersedes, opensWindow: window, supersedesOthers: others, shared: shared)
    }
  }

  var description: String {
    switch self {
    case .fresh: return "fresh"
    case .join(let id): return "join #\(id)"
    case .drop: return "drop"
    case .hold: return "hold"
    case .start(let start, let supersedes, let window, let others, let shared):
      var text = "start \(start)"
      if supersedes { text += ", supersedes" }
      if let window { text += ", opens a \(window) window" }
      if others { text += ", supersedes others" }
      if shared { text += ", shared" }
      return text
    }
  }
}

extension MachineFuzzer {
  /// The request the engine builds for a dispatch, with `sinceLastSuccess` from the fresh mark
  /// (or set at the `staleTime` boundary, to probe it).
  func request(_ spec: DispatchSpec) -> ActionStateMachine.Request {
    var request = ActionStateMachine.Request(policy: spec.policy, supersedesOtherActions: spec.supersedesOthers)
    request.staleTime = spec.staleTime
    switch spec.freshness {
    case .fromMark: request.sinceLastSuccess = lastSuccess.map { now - $0 }
    case .atStaleTime: request.sinceLastSuccess = spec.staleTime
    case .justUnderStaleTime: request.sinceLastSuccess = spec.staleTime.map { $0 - .nanoseconds(1) }
    }
    return request
  }

  /// What the policies promise (``DispatchPolicy``'s and ``ActionStateMachine/dispatch(_:)``'s
  /// documentation), from the model's runs and window.
  func expectedDecision(_ request: ActionStateMachine.Request) -> MachineDecision {
    // Fresh comes first, whatever the policy, the runs and the window: a staleTime was given and
    // the last success was less than that long ago (the bound is exclusive).
    if let staleTime = request.staleTime, let since = request.sinceLastSuccess, since < staleTime { return .fresh }
    let others = request.supersedesOtherActions
    switch request.policy {
    case .concurrent:
      return .start(.now, supersedes: false, opensWindow: nil, supersedesOthers: others, shared: false)
    case .cancelPrevious:
      return .start(.now, supersedes: true, opensWindow: nil, supersedesOthers: others, shared: false)
    case .ignoreWhileRunning:
      guard live.isEmpty else { return .drop }
      return .start(.now, supersedes: false, opensWindow: nil, supersedesOthers: others, shared: false)
    case .enqueue:
      return .start(
        live.isEmpty ? .now : .afterPredecessors, supersedes: false, opensWindow: nil, supersedesOthers: others,
        shared: false)
    case .debounce(let quiet):
      return .start(
        .afterQuietPeriod(quiet), supersedes: true, opensWindow: nil, supersedesOthers: others, shared: false)
    case .throttle(let interval):
      guard window == nil else { return .hold }
      return .start(.now, supersedes: false, opensWindow: interval, supersedesOthers: others, shared: false)
    case .joinRunning:
      // Only a run `.joinRunning` started is joined, and only the newest: another policy's run
      // belongs to its caller.
      if let newest = live.last?.run, newest.isShared { return .join(newest.id) }
      return .start(.now, supersedes: false, opensWindow: nil, supersedesOthers: others, shared: true)
    }
  }

  /// A dispatch, or a held one starting (`heldAs` its number): asks the machine, compares its
  /// answer with the model's, and carries it out.
  func dispatch(_ spec: DispatchSpec, heldAs heldID: UInt64?) {
    let id = heldID ?? issueID()
    let request = request(spec)
    let expected = expectedDecision(request)
    let action = machine.dispatch(request)
    let decision = MachineDecision(action)
    note("#\(id): \(decision)")
    if request.staleTime != nil, request.sinceLastSuccess == request.staleTime { reached.insert(.staleAtTheBound) }
    guard decision == expected else {
      let fresh = expected == .fresh ? " (the request finds the action fresh)" : ""
      return problem("dispatch #\(id) (\(spec.policy)): the machine said \(decision), expected \(expected)\(fresh)")
    }
    switch action {
    case .fresh:
      reached.insert(heldID == nil ? .answeredFresh : .heldAnsweredFreshAtClose)
      if heldID != nil { endCount[Int(id)] += 1 }  // a held dispatch answered fresh ends so
    case .join(let run, let shared):
      reached.insert(.joined)
      if shared !== run.shared { problem("dispatch #\(id) was to join #\(run.id) with callers that are not the run's") }
      if run !== live.last?.run { problem("dispatch #\(id) joined #\(run.id), which is not the newest live run") }
    case .drop:
      reached.insert(.dropped)
    case .hold:
      hold(id, spec)
    case .start(let start, let supersedes, let window, _, let shared):
      if heldID != nil { reached.insert(.heldStartedAtClose) }
      accept(id, start: start, supersedes: supersedes, opensWindow: window, shared: shared)
    }
  }

  /// Takes the next dispatch number, with a slot for how it ends.
  func issueID() -> UInt64 {
    issued.append(.answered)
    endCount.append(0)
    return UInt64(issued.count - 1)
  }

  /// Accepts a run as the engine's `admit` and `started` do: into the order, its window opened,
  /// the runs it supersedes retired.
  private func accept(
    _ id: UInt64, start: ActionStateMachine.Start, supersedes: Bool, opensWindow: Duration?, shared: Bool
  ) {
    issued[Int(id)] = .run
    let run = Run(id: id, state: state, startedAt: nil, onFailure: nil, onFinish: nil)
    if shared { run.shared = SharedRun() }
    let wasLoading = machine.isLoading
    let (superseded, becameLoading) = machine.accept(run, supersedes: supersedes)
    if becameLoading == wasLoading {
      problem(
        "accept(#\(id)) answered becameLoading \(becameLoading) while the action was \(wasLoading ? "" : "not ")loading"
      )
    }
    if becameLoading {
      // The engine sets loading as the machine said; every `true` is followed by one `false`.
      machine.setLoading(true)
      loadingTurns += 1
    }
    if supersedes ? !areTheLiveRuns(superseded, sparing: nil) : !superseded.isEmpty {
      problem(
        "accept(#\(id), supersedes: \(supersedes)) returned \(Self.names(superseded)); live were \(Self.names(live.map(\.run)))"
      )
    }
    switch start {
    case .now: reached.insert(.startedNow)
    case .afterPredecessors: reached.insert(.queuedBehindOthers)
    case .afterQuietPeriod: reached.insert(.waitsForQuiet)
    }
    if !superseded.isEmpty { reached.insert(.supersededOwnRuns) }
    if live.count >= 70 { reached.insert(.manyLive) }
    live.append(Live(run: run, phase: start == .now ? .working : .waitingTurn))
    switch start {
    case .now: workingCount += 1
    case .afterPredecessors: break
    case .afterQuietPeriod:
      live[live.count - 1].phase = .waitingQuiet
      waitingQuietCount += 1
    }
    if start == .now, case .enqueue = singlePolicy { lastWorkStart = id }
    if let opensWindow {
      reached.insert(.openedWindow)
      let opened = ThrottleWindow()
      machine.open(opened)
      window = opened
      note("a \(opensWindow) window opens")
    }
    if fault == .keepsSupersededRuns {
      for old in superseded {
        if let index = live.firstIndex(where: { $0.run === old }) { removeLive(at: index) }
      }
    } else {
      retireAll(superseded, .cancelled)
    }
    if supersedes, live.count != 1 || live[0].run !== run {
      problem("after superseding run #\(id) started, live runs are \(Self.names(live.map(\.run))), not it alone")
    }
  }

  /// Holds a throttled dispatch in the open window; the one it replaces is dropped.
  private func hold(_ id: UInt64, _ spec: DispatchSpec) {
    issued[Int(id)] = .held
    reached.insert(.held)
    let dispatch = HeldDispatch(runID: id, begin: { nil }, onFinish: nil)
    let replaced = machine.hold(dispatch)
    if replaced !== held {
      problem("hold(#\(id)) replaced \(replaced.map { "#\($0.runID)" } ?? "none"), not the held dispatch")
    }
    if let replaced {
      reached.insert(.replacedHeld)
      dropHeldDispatch(replaced)
    }
    held = dispatch
    heldSpec = spec
  }

  /// A held dispatch is dropped: it ends, once.
  func dropHeldDispatch(_ dropped: HeldDispatch) {
    let id = Int(dropped.runID)
    if endCount[id] != 0 { problem("held dispatch #\(id) was dropped after it had ended") }
    endCount[id] += 1
    if dropped === held {
      held = nil
      heldSpec = nil
    }
    note("held #\(id) dropped")
  }

  /// The window's timer fires: the held dispatch, if any, starts through the machine again.
  func closeWindow(stale: Bool) {
    if stale {
      guard !staleWindows.isEmpty else { return note("no stale window") }
      let closed = staleWindows[Int(random.next() % UInt64(staleWindows.count))]
      if let started = machine.windowClosed(closed) {
        problem("a stale window's close returned held dispatch #\(started.runID)")
      }
      return reached.insert(.staleWindowClosed)
    }
    guard let closing = window else { return note("no window") }
    let started = machine.windowClosed(closing)
    if started !== held {
      problem("windowClosed returned \(started.map { "#\($0.runID)" } ?? "none"), not the held dispatch")
    }
    window = nil
    staleWindows.append(closing)
    if staleWindows.count > 4 { staleWindows.removeFirst() }
    guard let started, let spec = heldSpec else { return note("nothing held") }
    held = nil
    heldSpec = nil
    dispatch(spec, heldAs: started.runID)
  }

  /// The held dispatch's task was cancelled (or a dispatch no longer held's was).
  func dropHeld(stale: Bool) {
    let id: UInt64
    if stale || held == nil {
      // A dropped dispatch, a run, or a number not given yet: none is the held one.
      id = random.next() % UInt64(issued.count + 3)
      if id == held?.runID { return note("picked the held dispatch: no stale one") }
      reached.insert(.droppedStaleHeld)
    } else {
      id = held!.runID
    }
    let dropped = machine.dropHeld(id)
    if dropped !== (id == held?.runID ? held : nil) {
      return problem("dropHeld(#\(id)) returned \(dropped.map { "#\($0.runID)" } ?? "none")")
    }
    if let dropped { dropHeldDispatch(dropped) }
  }
}
