@testable import ActionDispatch

/// Drives one ``ActionStateMachine`` alone, the way the engine carries out what it returns, beside
/// a model of what the machine should hold; ``checkInvariants()`` compares the two after every event.
///
/// The engine's side is done as `BaseViewModel` does it, minus tasks, clocks and listeners: an
/// accepted run's superseded runs are retired, a run that `runEnded(_:)` says had its turn come
/// is woken, a throttled start opens a window, a held dispatch starts through the machine again
/// when its window closes. The model is plain arrays, separate from the machine's ``RunOrder``:
/// the live runs oldest first (each with whether its work started), the open window and the
/// dispatch it holds, the fresh mark, and how many times each run or held dispatch ended.
final class MachineFuzzer {
  /// Where a live run is in its life.
  enum Phase {
    /// An `.enqueue` run accepted behind others: it works once every older live run has ended.
    case waitingTurn
    /// A `.debounce` run waiting for its quiet period.
    case waitingQuiet
    /// Its work started: it can succeed or fail.
    case working
  }

  /// A live run, as the model knows it.
  struct Live {
    let run: Run
    var phase: Phase
  }

  /// A dispatch's parameters, kept for a held dispatch: it is asked again (its freshness too) when it starts.
  struct DispatchSpec {
    var policy: DispatchPolicy
    var staleTime: Duration?
    var freshness: MachineEvent.Freshness
    var supersedesOthers: Bool
  }

  /// A deliberate mistake in the engine's side, to show that the checks see it.
  enum Fault {
    case none
    /// Superseded runs leave the model but are never retired in the machine.
    case keepsSupersededRuns
    /// The run `runEnded(_:)` says had its turn come is not woken.
    case forgetsToWake
    /// The action is not set idle when the machine says it `goesIdle`.
    case keepsLoading
  }

  /// What an id was given to, for the check that each run and held dispatch ends exactly once.
  enum Issued: UInt8 {
    /// A dispatch answered at once (fresh, joined, dropped): it has no end of its own here.
    case answered
    case run
    case held
  }

  var machine = ActionStateMachine()
  /// The state every run points at; the machine never reads it.
  let state = ActionState()
  /// A run of another action, for a superseding dispatch to spare.
  let foreignRun: Run
  /// The one policy every dispatch of this sequence uses, or `nil` when they mix policies.
  let singlePolicy: DispatchPolicy?
  let fault: Fault

  /// The live runs, oldest first.
  var live: [Live] = []
  /// How many live runs are in each phase.
  var workingCount = 0
  var waitingQuietCount = 0
  /// The open throttle window, the dispatch it holds and that dispatch's parameters.
  var window: ThrottleWindow?
  var held: HeldDispatch?
  var heldSpec: DispatchSpec?
  /// Windows that closed or were released: their timers may still fire.
  var staleWindows: [ThrottleWindow] = []
  /// The fuzzer's clock and the last success that left a fresh mark.
  var now: Duration = .zero
  var lastSuccess: Duration?
  /// The runs that were in flight when the action was invalidated: their success marks nothing.
  var invalidatedInFlight: Set<UInt64> = []
  /// How many times the machine answered that the action became loading, and that it went idle.
  var loadingTurns = 0
  var idleTurns = 0
  /// Per id (its index): what it was given to, and how many times it ended.
  var issued: [Issued] = [.answered]
  var endCount: [UInt8] = [0]
  /// The newest run whose work started, in a sequence of `.enqueue` alone.
  var lastWorkStart: UInt64 = 0

  /// For the order in which a returned list is retired (the machine must not care).
  var random: SplitMix64
  /// The events so far, and what each did when tracing.
  var stepCount = 0
  var trace: [String]?
  var problems: [String] = []
  var reached = MachineReach()

  init(seed: UInt64, singlePolicy: DispatchPolicy?, fault: Fault = .none, tracing: Bool = false) {
    self.singlePolicy = singlePolicy
    self.fault = fault
    random = SplitMix64(state: seed ^ 0xA5A5_5A5A_F00D_CAFE)
    trace = tracing ? [] : nil
    foreignRun = Run(id: .max, state: ActionState(), startedAt: nil, onFailure: nil, onFinish: nil)
  }

  // MARK: - Steps

  /// Feeds one event to the machine, carries out what it returns, then checks every invariant.
  func step(_ event: MachineEvent) {
    stepCount += 1
    trace?.append("\(stepCount). \(event)")
    switch event {
    case .dispatch(let policy, let staleTime, let freshness, let supersedesOthers):
      dispatch(
        DispatchSpec(policy: policy, staleTime: staleTime, freshness: freshness, supersedesOthers: supersedesOthers),
        heldAs: nil)
    case .quietPeriodPassed(let pick):
      quietPeriodPassed(pick)
    case .end(let pick, let outcome):
      end(pick, outcome)
    case .closeWindow(let stale):
      closeWindow(stale: stale)
    case .cancel:
      let (runs, dropped, delivering) = machine.cancel()
      if delivering != nil { problem("cancel() returned a result in delivery outside any delivery") }
      endAll(runs, dropped: dropped, sparing: nil, what: "cancel()")
    case .supersededByAnotherAction(let spare):
      superseded(spare)
    case .dropHeld(let stale):
      dropHeld(stale: stale)
    case .invalidate:
      lastSuccess = nil
      invalidatedInFlight.formUnion(live.lazy.map(\.run.id))
      machine.invalidate()
      if !live.isEmpty { reached.insert(.invalidatedRuns) }
    case .advanceClock(let duration):
      now += duration
    case .release:
      release()
    }
    checkInvariants()
  }

  /// Ends the sequence as a test's tear-down would: cancels the action and closes its window;
  /// the machine is then empty, and every run and held dispatch ended exactly once.
  func finish() {
    step(.cancel)
    if window != nil { step(.closeWindow(stale: false)) }
    if !machine.isEmpty { problem("after cancel() and the window's close, the machine is not empty") }
    for id in issued.indices where issued[id] != .answered && endCount[id] != 1 {
      problem("\(issued[id]) #\(id) ended \(endCount[id]) times by the sequence's end (not exactly once)")
    }
  }

  /// Appends to the current step's line of the trace.
  func note(_ text: @autoclosure () -> String) {
    guard trace != nil, let last = trace?.indices.last else { return }
    trace![last] += " → " + text()
  }

  func problem(_ text: String) {
    problems.append("step \(stepCount): \(text)")
    note("PROBLEM: \(text)")
  }

  // MARK: - Runs

  private func quietPeriodPassed(_ pick: Int) {
    guard waitingQuietCount > 0 else { return note("no run waits for a quiet period") }
    var left = pick % waitingQuietCount
    for index in live.indices where live[index].phase == .waitingQuiet {
      if left == 0 { return startWork(at: index) }
      left -= 1
    }
  }

  private func end(_ pick: Int, _ outcome: RunOutcome) {
    let candidates = outcome == .cancelled ? live.count : workingCount
    guard candidates > 0 else { return note("no run to end \(outcome)") }
    var left = pick % candidates
    for entry in live where outcome == .cancelled || entry.phase == .working {
      if left == 0 {
        reached.insert(outcome == .succeeded ? .endSucceeded : outcome == .failed ? .endFailed : .endCancelled)
        return retire(entry.run, outcome)
      }
      left -= 1
    }
  }

  /// A live run's work starts: at once, after its quiet period, or when its turn came.
  func startWork(at index: Int) {
    let run = live[index].run
    switch live[index].phase {
    case .working: return
    case .waitingQuiet: waitingQuietCount -= 1
    case .waitingTurn:
      // Its turn came: every run accepted before it has ended.
      if index != 0 { problem("run #\(run.id) was woken while \(index) older run(s) were live") }
      reached.insert(.wokenByAnEnd)
    }
    live[index].phase = .working
    workingCount += 1
    note("#\(run.id) works")
    if case .enqueue = singlePolicy {
      if run.id < lastWorkStart { problem("enqueued run #\(run.id) started after #\(lastWorkStart), a newer one") }
      lastWorkStart = run.id
    }
  }

  /// Retires a live run as the engine's `detach` does: once, out of the order, waking the run
  /// whose turn came.
  func retire(_ run: Run, _ outcome: RunOutcome) {
    guard let index = live.firstIndex(where: { $0.run === run }) else {
      return problem("run #\(run.id) was to end \(outcome), but it is not live (ended before?)")
    }
    if endCount[Int(run.id)] != 0 { problem("run #\(run.id) ended a second time") }
    endCount[Int(run.id)] += 1
    run.isLive = false
    removeLive(at: index)
    // The order renumbers its runs only when it compacts its slots: the newest's position drops.
    let newest = live.last?.run
    let newestPosition = newest?.position ?? 0
    let deliversResult = outcome != .cancelled
    let next = machine.runEnded(run, deliveringResult: deliversResult)
    if deliversResult {
      // Its result is delivered now, as the engine's delivery does: until then it holds the action
      // loading. A handler that cancels its own action ends that hold at once (`cancel()`).
      if machine.goesIdle { problem("#\(run.id)'s result in delivery did not hold the action loading") }
      if random.next() % 8 == 0, live.isEmpty {
        reached.insert(.cancelledInDelivery)
        let (runs, dropped, delivering) = machine.cancel()
        if delivering !== run {
          problem("cancel() in #\(run.id)'s delivery did not return it as the result in delivery")
        }
        if !runs.isEmpty { problem("cancel() in #\(run.id)'s delivery returned runs, none live") }
        if let dropped { dropHeldDispatch(dropped) }
        endLoadingIfIdle()
        if machine.resultDelivered(run) { problem("#\(run.id)'s result was still in delivery after a cancel") }
      } else if !machine.resultDelivered(run) {
        problem("resultDelivered(#\(run.id)) said its result was not the one in delivery")
      }
    }
    endLoadingIfIdle()
    if let newest, newest.position < newestPosition { reached.insert(.compacted) }
    let expected = index == 0 ? live.first?.run : nil
    if next !== expected {
      problem(
        "runEnded(#\(run.id)) returned \(Self.name(next)) as the run whose turn came; expected \(Self.name(expected))")
    }
    note("#\(run.id) ended \(outcome)\(next.map { ", turn of #\($0.id)" } ?? "")")
    if outcome == .succeeded {
      // Only a run accepted after the action's last invalidation makes it fresh.
      let marks = machine.successMarksFresh(run)
      if marks == invalidatedInFlight.contains(run.id) {
        let when = marks ? "in flight when the action was invalidated" : "accepted after any invalidation"
        problem("#\(run.id)'s success \(marks ? "made" : "did not make") the action fresh, yet it was \(when)")
      }
      if marks { lastSuccess = now } else { reached.insert(.invalidatedRunSucceeded) }
    }
    // Waking resumes a run parked for its turn; any other run (working, or waiting for its quiet
    // period) is not parked, and the wake does nothing to it.
    if let next, fault != .forgetsToWake, let nextIndex = live.firstIndex(where: { $0.run === next }),
      live[nextIndex].phase == .waitingTurn
    {
      startWork(at: nextIndex)
    }
  }

  /// Ends loading when the machine says nothing holds the action, as the engine's
  /// `endLoadingIfIdle` does.
  func endLoadingIfIdle() {
    guard machine.goesIdle, fault != .keepsLoading else { return }
    machine.setLoading(false)
    idleTurns += 1
  }

  func removeLive(at index: Int) {
    switch live[index].phase {
    case .working: workingCount -= 1
    case .waitingQuiet: waitingQuietCount -= 1
    case .waitingTurn: break
    }
    live.remove(at: index)
  }

  /// What `cancel()` and `supersededByAnotherAction(sparing:)` return: every live run but the
  /// spared one, oldest first, and the held dispatch; the runs stay live until retired, then are.
  private func endAll(_ runs: [Run], dropped: HeldDispatch?, sparing spared: Run?, what: String) {
    if !areTheLiveRuns(runs, sparing: spared) {
      let expected = live.lazy.map(\.run).filter { $0 !== spared }
      problem("\(what) returned runs \(Self.names(runs)); the live runs but the spared one are \(Self.names(expected))")
    }
    if dropped !== held {
      problem("\(what) returned held \(dropped.map { "#\($0.runID)" } ?? "none"), not the held one")
    }
    if machine.window?.held != nil { problem("\(what) left a dispatch held") }
    if machine.runs.count != live.count { problem("\(what) removed runs before they were retired") }
    if machine.window !== window { problem("\(what) changed the throttle window") }
    if !runs.isEmpty { reached.insert(.cancelledRuns) }
    if let dropped { dropHeldDispatch(dropped) }
    retireAll(runs, .cancelled)
    let left = spared.map { spared in live.count == 1 && live[0].run === spared } ?? live.isEmpty
    if !left { problem("after \(what), live runs \(Self.names(live.map(\.run))) remain") }
  }

  /// Retires a list the machine returned: oldest first, as the engine does, or in another order.
  func retireAll(_ runs: [Run], _ outcome: RunOutcome) {
    guard runs.count > 1, random.next() % 4 == 0 else {
      for run in runs { retire(run, outcome) }
      return
    }
    reached.insert(.retiredOutOfOrder)
    var shuffled = runs
    shuffled.shuffle(using: &random)
    for run in shuffled { retire(run, outcome) }
  }

  private func superseded(_ spare: MachineEvent.Spare) {
    let spared: Run?
    switch spare {
    case .none: spared = nil
    case .live(let pick): spared = live.isEmpty ? nil : live[pick % live.count].run
    case .foreign: spared = foreignRun
    }
    if spared != nil, spared !== foreignRun { reached.insert(.sparedALiveRun) }
    let (runs, dropped) = machine.supersededByAnotherAction(sparing: spared)
    endAll(runs, dropped: dropped, sparing: spared === foreignRun ? nil : spared, what: "supersededByAnotherAction")
  }

  private func release() {
    let wasLoading = machine.isLoading
    let (runs, releasedWindow) = machine.release()
    // Released, the action is idle with no hook called: its loading ends with the view model.
    if wasLoading { idleTurns += 1 }
    if !areTheLiveRuns(runs, sparing: nil) {
      problem("release() returned runs \(Self.names(runs)), not the live runs \(Self.names(live.map(\.run)))")
    }
    if releasedWindow !== window { problem("release() returned a window that is not the open one") }
    if releasedWindow?.held !== held { problem("release() returned a window whose held dispatch is not the held one") }
    if !runs.isEmpty, releasedWindow != nil { reached.insert(.releasedRunsAndWindow) }
    // The engine cancels the runs' tasks and settles the held dispatch: each ends, with no retirement.
    for entry in live { endCount[Int(entry.run.id)] += 1 }
    live.removeAll()
    workingCount = 0
    waitingQuietCount = 0
    if let held { dropHeldDispatch(held) }
    if let window { staleWindows.append(window) }
    window = nil
  }

  /// Whether `runs` are the live runs but `spared`, oldest first (a plain loop: a generic
  /// `elementsEqual` costs metadata lookups on every event in a debug build).
  func areTheLiveRuns(_ runs: [Run], sparing spared: Run?) -> Bool {
    var index = 0
    for entry in live where entry.run !== spared {
      guard index < runs.count, runs[index] === entry.run else { return false }
      index += 1
    }
    return index == runs.count
  }

  // MARK: - Names

  static func name(_ run: Run?) -> String {
    run.map { "#\($0.id)" } ?? "none"
  }

  static func names<S: Sequence<Run>>(_ runs: S) -> String {
    "[" + runs.map { "#\($0.id)" }.joined(separator: ", ") + "]"
  }
}
