@testable import ActionDispatch

extension MachineFuzzer {
  /// The promises checked after every event, against the model.
  ///
  /// - The machine's runs are the model's live runs — accepted and not retired — in acceptance
  ///   order (`runs`, `oldest`, `newest`, `count`).
  /// - `isEmpty` is true exactly when no run is live and no window is open.
  /// - The action is loading exactly while a run is live (a result in delivery is delivered
  ///   within the event that ended its run), and each time it became loading was followed by one
  ///   time it went idle (`becameLoading`, `goesIdle`).
  /// - The machine's window is the one the last throttled start opened and no close or release
  ///   ended; its held dispatch is the last one held and not started or dropped; nothing is held
  ///   without a window.
  /// - No `.enqueue` run is left waiting for its turn once it is the oldest (`runEnded` told the
  ///   engine its turn came).
  /// - Per policy, in a sequence of that policy alone: `.cancelPrevious`, `.debounce`,
  ///   `.ignoreWhileRunning` and `.joinRunning` have at most one live run; `.enqueue` at most one
  ///   run working, the oldest, and runs start their work in dispatch order (checked as they start).
  ///
  /// Checked where the event happens: each dispatch decides as the model does (fresh first, whatever
  /// the policy), a superseding run is the only live run after it starts, lists come back oldest
  /// first and hold only live runs, each run and held dispatch ends at most once (exactly once by
  /// the sequence's end), and a stale window's close or drop changes nothing.
  func checkInvariants() {
    let runs = machine.runs
    if runs.count != live.count {
      problem("the machine counts \(runs.count) runs; \(live.count) are live: \(Self.names(live.map(\.run)))")
    }
    // With two runs or fewer, the count, the oldest and the newest say the whole order.
    if live.count > 2 {
      var index = 0
      var inOrder = true
      runs.forEach { run in
        guard index < live.count, live[index].run === run else {
          inOrder = false
          return false
        }
        index += 1
        return true
      }
      if !inOrder || index != live.count {
        problem("the machine's runs \(Self.names(runs.all)) are not the live runs \(Self.names(live.map(\.run)))")
      }
    }
    if runs.oldest !== live.first?.run || runs.newest !== live.last?.run {
      problem(
        "oldest \(Self.name(runs.oldest)) and newest \(Self.name(runs.newest)) are not the live runs' first and last "
          + "\(Self.names(live.map(\.run)))")
    }
    if machine.isEmpty != (live.isEmpty && window == nil) {
      problem("isEmpty is \(machine.isEmpty) with \(live.count) live run(s) and \(window == nil ? "no" : "a") window")
    }
    if machine.isLoading != !live.isEmpty {
      problem("isLoading is \(machine.isLoading) with \(live.count) live run(s)")
    }
    if loadingTurns - idleTurns != (machine.isLoading ? 1 : 0) {
      problem("the action became loading \(loadingTurns) times and went idle \(idleTurns) times")
    }
    if machine.window !== window {
      problem("the machine's window is not the open one (\(window == nil ? "none" : "one"))")
    }
    if machine.window?.held !== held {
      problem(
        "the held dispatch is \(machine.window?.held.map { "#\($0.runID)" } ?? "none"), not \(held.map { "#\($0.runID)" } ?? "none")"
      )
    }
    if held != nil, window == nil { problem("a dispatch is held with no window open") }
    if let first = live.first, first.phase == .waitingTurn {
      problem("enqueued run #\(first.run.id) is the oldest, yet still waits for its turn (never woken)")
    }
    guard let singlePolicy else { return }
    switch singlePolicy {
    case .cancelPrevious, .debounce, .ignoreWhileRunning, .joinRunning:
      if live.count > 1 { problem("\(singlePolicy) alone, yet \(live.count) runs are live") }
    case .enqueue:
      if workingCount > 1 { problem(".enqueue alone, yet \(workingCount) runs work at once") }
      if workingCount == 1, live.first?.phase != .working {
        problem(".enqueue alone, yet a run works before an older one")
      }
    case .concurrent, .throttle:
      break
    }
  }
}
