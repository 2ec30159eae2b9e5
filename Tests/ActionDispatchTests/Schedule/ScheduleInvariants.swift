import ActionDispatch

/// The promises checked after every world, on top of ``LifecycleInvariants``: per dispatch, no
/// attempt or delivery after its run ended, exactly one delivery for a run that succeeded, none
/// otherwise, and a run cancelled at top level while live ends as cancelled — at once for `cancel`
/// and `cancelAll` — never as a timeout.
@MainActor
enum ScheduleInvariants {
  /// What the events listener saw of one run.
  struct RunView {
    var run: UInt64
    /// Positions in the listener log.
    var start: Int?
    var end: Int?
    var phase: String?
    /// Whether the ticket mapped to it joined it rather than started it.
    var joined = false
  }

  static func violations(_ runner: WorldRunner) -> [String] {
    if runner.hung { return ["hang: a run's task never finished after every gate opened and the clock ran"] }
    let log = runner.harness.log
    let idle = !runner.released
    var problems = LifecycleInvariants.violations(
      in: log, idle: idle, onSawEverything: !runner.onTokenDropped && !runner.released)
    problems += runner.callProblems
    let runs = runViews(log)
    let ticketRuns = mapTickets(runner, runs: runs, problems: &problems)
    problems += uncancelledQuickDispatches(runner)
    problems += freshnessViolations(runner)

    for (ticket, facts) in runner.tickets.enumerated() {
      let name = "dispatch \(ticket) (\(facts.action)\(facts.spec.map { ", run spec \($0)" } ?? ""))"
      guard let view = ticketRuns[ticket] else { continue }
      if view.phase == "dropped" || view.phase == "fresh" {
        if !facts.attempts.isEmpty { problems.append("\(name): \(view.phase!), yet its work ran") }
        if !facts.deliveries.isEmpty { problems.append("\(name): \(view.phase!), yet it delivered") }
        continue
      }
      // A joiner's work never runs: the run's is its starter's. A caller of a shared run whose
      // task was cancelled left it: it may have been told nothing.
      if view.joined, !facts.attempts.isEmpty { problems.append("\(name): joined a run, yet its own work ran") }
      let left = facts.shared && runner.handles[ticket]?.isCancelled == true
      let allowed = facts.streaming ? 2 : 1
      if facts.deliveries.count > allowed { problems.append("\(name): delivered \(facts.deliveries.count) times") }
      if let end = view.end {
        if let late = facts.attempts.first(where: { $0 > end }) {
          problems.append("\(name): an attempt started at log \(late), after its run ended \(view.phase!) at \(end)")
        }
        // A joiner hears a stream's elements from the moment it joins, and a run of another
        // result type (a stream's `()`, a task's `Int`) as an error: it may deliver fewer.
        if view.phase == "succeeded", facts.deliveries.count != allowed, !left, !view.joined {
          problems.append("\(name): succeeded but delivered \(facts.deliveries.count) times")
        }
        if view.phase != "succeeded", !facts.streaming, !facts.deliveries.isEmpty {
          problems.append("\(name): ended \(view.phase!) but its onSuccess ran")
        }
        if let late = facts.deliveries.first(where: { $0 > end }) {
          problems.append("\(name): delivered at log \(late), after its run ended at \(end)")
        }
      } else if idle {
        problems.append("\(name): run #\(view.run) never ended")
      } else if facts.streaming, let releasedAt = runner.releasedAt, runner.weakViewModel == nil {
        // Elements delivered before the release stay delivered; none may come after it.
        if let late = facts.deliveries.first(where: { $0 > releasedAt }) {
          problems.append("\(name): an element delivered at log \(late), after the view model was released")
        }
      } else if !facts.deliveries.isEmpty, runner.weakViewModel == nil {
        problems.append("\(name): delivered, but its run never ended")
      }
      problems += cancelChecks(runner, ticket: ticket, view: view, name: name)
    }
    if runner.released, runner.weakViewModel != nil {
      problems.append("the view model was released but is still alive after every run's task finished")
    }
    if let viewModel = runner.weakViewModel, !runner.released {
      if viewModel.isAnyLoading { problems.append("isAnyLoading is still true when every run ended") }
      for action in World.actions where viewModel.isLoading(for: action) {
        problems.append("isLoading(for: \(action)) is still true when every run ended")
      }
      for action in World.actions where viewModel.isShowingLoading(for: action) {
        problems.append("isShowingLoading(for: \(action)) is still true when every run ended and the clock ran")
      }
      let failed = World.actions.filter { viewModel.failure(for: $0) != nil }.count
      if viewModel.actionsWithState != failed {
        problems.append(
          "\(viewModel.actionsWithState) actions hold state, but \(failed) have an error: an idle action was not reclaimed"
        )
      }
    }
    return problems
  }

  /// A quick dispatch that always makes a run, and that no cancelling call made after it could
  /// reach, delivers exactly once: in particular, a run dispatched after `cancelAll()` returned
  /// (by a later handler of the same notification, say) is never cancelled by it.
  static func uncancelledQuickDispatches(_ runner: WorldRunner) -> [String] {
    guard !runner.released else { return [] }
    var problems: [String] = []
    for (ticket, facts) in runner.tickets.enumerated() where facts.spec == nil && facts.alwaysRuns {
      let later = runner.cancelCalls[facts.cancelCallsBefore...]
      guard !later.contains(where: { $0.action == nil || $0.action == facts.action }) else { continue }
      // A throttled dispatch with `supersedes:` that was held supersedes when it starts, later.
      let heldSuperseder = runner.world.runs.contains { spec in
        if case .throttle = spec.policy, spec.supersedes?.contains(facts.action) == true { true } else { false }
      }
      guard !heldSuperseder else { continue }
      if facts.deliveries.count != 1 {
        let before = runner.cancelCalls[..<facts.cancelCallsBefore].suffix(3).map(\.description)
        problems.append(
          "dispatch \(ticket) (\(facts.action), quick) delivered \(facts.deliveries.count) times, though no "
            + "cancelling call came after it; the last ones before it: \(before)")
      }
    }
    return problems
  }

  /// A run live when the test cancelled it at top level ends as cancelled; `cancel`/`cancelAll` end it at once.
  static func cancelChecks(_ runner: WorldRunner, ticket: Int, view: RunView, name: String) -> [String] {
    guard let start = view.start else { return [] }
    var problems: [String] = []
    let action = runner.tickets[ticket].action
    for request in runner.cancels {
      let targets: Bool
      switch request.target {
      // Cancelling a shared run's caller's task detaches that caller alone.
      case .task(let target): targets = target == ticket && !runner.tickets[ticket].shared
      case .action(let target): targets = target == action
      case .all: targets = true
      }
      let live = start < request.logBefore && (view.end ?? .max) >= request.logBefore
      guard targets, live else { continue }
      if let phase = view.phase, phase != "cancelled" {
        let cause = phase == "failed" ? " (a timeout after the cancel?)" : ""
        problems.append("\(name): cancelled while live, yet it ended \(phase)\(cause)")
      }
      if case .task = request.target { continue }
      if (view.end ?? .max) >= request.logAfter {
        problems.append("\(name): cancel/cancelAll returned before its run ended (not 'at once')")
      }
    }
    return problems
  }

  /// Start, end and how it ended, per run number, from the events listener.
  static func runViews(_ log: ListenerLog) -> [UInt64: RunView] {
    var views: [UInt64: RunView] = [:]
    for (index, entry) in log.entries.enumerated() where entry.listener == .events {
      guard let run = entry.run else { continue }
      var view = views[run] ?? RunView(run: run)
      switch entry.phase {
      case "started": view.start = index
      case "dropped", "fresh":
        view.phase = entry.phase
        view.end = index
      case "joined":
        break
      default:
        if view.end == nil {
          view.end = index
          view.phase = entry.phase
        }
      }
      views[run] = view
    }
    return views
  }

  /// A top-level dispatch is the one run of its action that started or was dropped during the call.
  /// A held `.throttle` dispatch is left unmapped.
  ///
  /// Dispatches made inside a callback, or during which a reaction dispatched the same action, are
  /// left unmapped: the general invariants still cover their runs.
  static func mapTickets(
    _ runner: WorldRunner, runs: [UInt64: RunView], problems: inout [String]
  ) -> [Int: RunView] {
    let entries = runner.harness.log.entries
    var result: [Int: RunView] = [:]
    for (ticket, facts) in runner.tickets.enumerated() {
      guard let window = facts.window, !facts.redispatchedDuringCall else { continue }
      // A throttled dispatch may be held: it emits nothing during the call, and a `dropped` then
      // is the dispatch it replaced. Only a run it started is its own.
      let throttled =
        facts.spec.map { if case .throttle = runner.world.runs[$0].policy { true } else { false } } ?? false
      let admitted = entries[window].filter {
        $0.listener == .events && $0.action == facts.action
          && ($0.phase == "started" || (!throttled && ["dropped", "fresh", "joined"].contains($0.phase)))
      }
      if admitted.isEmpty, !runner.released, !throttled {
        problems.append("dispatch \(ticket) (\(facts.action)): no started or dropped event before dispatch returned")
      }
      if admitted.count == 1, let run = admitted[0].run {
        result[ticket] = runs[run]
        if admitted[0].phase == "joined" { result[ticket]?.joined = true }
      }
    }
    return result
  }
}
