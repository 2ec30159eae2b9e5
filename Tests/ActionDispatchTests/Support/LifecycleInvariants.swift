import ActionDispatch

/// The documented lifecycle promises, checked over everything a ``ListenerLog`` recorded — and the
/// one checker of them: ``AdvListeners`` and the schedule worlds (``ScheduleInvariants``) check
/// what their listeners saw here too.
///
/// Each returns the violations in words (empty when every promise held), so a caller can print
/// them with the seed or scenario that produced them.
@MainActor
enum LifecycleInvariants {
  static let terminalPhases: Set<String> = ["succeeded", "failed", "cancelled"]

  /// Every check below; `idle` says whether every run is expected to have ended by now.
  ///
  /// - Parameters:
  ///   - log: What the listeners saw.
  ///   - idle: Whether every accepted run must have ended.
  ///   - onSawEverything: Whether the `On` listener was registered before the first dispatch and
  ///     never stopped, so that it must have seen exactly what the events listener saw.
  static func violations(in log: ListenerLog, idle: Bool, onSawEverything: Bool = true) -> [String] {
    var problems = nestedCalls(log)
    problems += hookPositions(log.entries, onSawEverything: onSawEverything)
    problems += eventOrder(log.entries(of: .events), idle: idle)
    problems += onOrder(log.entries(of: .on), idle: idle && onSawEverything)
    problems += hookBalance(log.entries(of: .hook), idle: idle)
    problems += hookCounts(hooks: log.entries(of: .hook), events: log.entries(of: .events))
    if onSawEverything {
      problems += sameCounts(log.entries(of: .on), log.entries(of: .events), names: ("On", "events"))
    }
    return problems
  }

  /// Notifications raised during a notification are queued: no listener runs inside another's callback.
  static func nestedCalls(_ log: ListenerLog) -> [String] {
    log.nested.map { "listener called during another listener's callback (not queued): \($0)" }
  }

  /// The loading hooks sit where the one fixed order puts them, on every path (a handler that
  /// cancels its own action included): `onStatusUpdate(true)` right before the run's
  /// `started` event, and `onStatusUpdate(false)` inside the end of the run that ended
  /// the loading — after its `On` end handler, right before its event (and so before `finished`).
  ///
  /// Checked over every listener's entries in the order they were called; the events listener
  /// must have been listening all along, and the `On` listener too for the second half.
  static func hookPositions(_ entries: [ListenerLog.Entry], onSawEverything: Bool) -> [String] {
    var problems: [String] = []
    for (index, entry) in entries.enumerated() where entry.listener == .hook {
      let expected: Set<String>
      switch entry.phase {
      case "loading(true)": expected = ["started"]
      case "loading(false)": expected = terminalPhases
      default: continue
      }
      let next = entries.indices.contains(index + 1) ? entries[index + 1] : nil
      if next?.listener != .events || next?.action != entry.action || !expected.contains(next?.phase ?? "") {
        problems.append(
          "\(entry) (entry \(index)) is not right before its run's \(expected.sorted()) event; next: "
            + "\(next.map(\.description) ?? "nothing")")
      }
      guard entry.phase == "loading(false)", onSawEverything else { continue }
      let previous = index > 0 ? entries[index - 1] : nil
      if previous?.listener != .on || previous?.action != entry.action
        || !terminalPhases.contains(previous?.phase ?? "")
      {
        problems.append(
          "\(entry) (entry \(index)) does not follow its run's On end handler; previous: "
            + "\(previous.map(\.description) ?? "nothing")")
      }
    }
    return problems
  }

  /// Per run: `started` once, then exactly one terminal event, then nothing; `dropped` alone.
  static func eventOrder(_ entries: [ListenerLog.Entry], idle: Bool) -> [String] {
    eventOrder(runs: entries.compactMap { entry in entry.run.map { ($0, entry.phase) } }, idle: idle, name: "events")
  }

  /// Per run, over what one events listener saw as (run, phase) in order: `started` once, then
  /// exactly one terminal event, then nothing; `dropped` alone. Every listener's events are
  /// checked here, whatever recorded them.
  static func eventOrder(runs: [(run: UInt64, phase: String)], idle: Bool, name: String) -> [String] {
    var problems: [String] = []
    var phases: [UInt64: [String]] = [:]
    var order: [UInt64] = []
    for (run, phase) in runs {
      if phases[run] == nil { order.append(run) }
      phases[run, default: []].append(phase)
    }
    for run in order {
      // A join is heard on the run it joined, between its start and its end; the rest is the run's.
      let all = phases[run] ?? []
      if all == ["dropped"] || all == ["fresh"] { continue }
      if let join = all.firstIndex(of: "joined"),
        all.first != "started" || join == 0
          || all[..<join].contains(where: terminalPhases.contains)
      {
        problems.append("\(name): run #\(run) saw \(all); a join must come after its start, before its end")
      }
      let seen = all.filter { $0 != "joined" }
      let valid =
        seen.first == "started" && seen.dropFirst().allSatisfy(terminalPhases.contains) && seen.count <= 2
        && (seen.count == 2 || !idle)
      if !valid {
        problems.append("\(name): run #\(run) saw \(seen); expected [started, one of succeeded/failed/cancelled]")
      }
    }
    return problems
  }

  /// Per action: no end without an open start, `finished` only after an end, nothing open when idle.
  static func onOrder(_ entries: [ListenerLog.Entry], idle: Bool) -> [String] {
    onOrder(phases: entries.map { ($0.action, $0.phase) }, idle: idle)
  }

  /// The same over what one `On` listener saw as (action, phase) in order, for any action type.
  static func onOrder<Action: Hashable>(phases entries: [(action: Action, phase: String)], idle: Bool) -> [String] {
    var problems: [String] = []
    var open: [Action: Int] = [:]
    var unfinished: [Action: Int] = [:]
    for (index, (action, phase)) in entries.enumerated() {
      switch phase {
      case "started":
        open[action, default: 0] += 1
      case "element":
        if open[action, default: 0] == 0 {
          problems.append("On(\(action)): an element with no run in flight (entry \(index))")
        }
      case _ where terminalPhases.contains(phase):
        if open[action, default: 0] == 0 {
          problems.append("On(\(action)): \(phase) with no run started (entry \(index))")
        } else {
          open[action, default: 0] -= 1
        }
        unfinished[action, default: 0] += 1
      case "finished":
        if unfinished[action, default: 0] == 0 {
          problems.append("On(\(action)): finished before any succeeded/failed/cancelled (entry \(index))")
        } else {
          unfinished[action, default: 0] -= 1
        }
      default:
        problems.append("On(\(action)): unexpected phase \(phase)")
      }
    }
    if idle {
      for (action, count) in open where count != 0 { problems.append("On(\(action)): \(count) run(s) never ended") }
      for (action, count) in unfinished where count != 0 {
        problems.append("On(\(action)): \(count) end(s) without finished")
      }
    }
    return problems
  }

  /// `onStatusUpdate` alternates `true`, `false` per action, and ends on `false` when idle.
  static func hookBalance(_ entries: [ListenerLog.Entry], idle: Bool) -> [String] {
    hookBalance(
      updates: entries.compactMap { entry in
        switch entry.phase {
        case "loading(true)": (entry.action, true)
        case "loading(false)": (entry.action, false)
        default: nil
        }
      }, idle: idle)
  }

  /// The same over the `onStatusUpdate` calls as (action, isLoading) in order, for any action type.
  static func hookBalance<Action: Hashable>(updates: [(action: Action, isLoading: Bool)], idle: Bool) -> [String] {
    var problems: [String] = []
    var loading: [Action: Bool] = [:]
    for (action, isLoading) in updates {
      if loading[action, default: false] == isLoading {
        problems.append("onStatusUpdate(\(action), \(isLoading)) twice in a row")
      }
      loading[action] = isLoading
    }
    if idle {
      for (action, isLoading) in loading where isLoading {
        problems.append("onStatusUpdate(\(action), true) never balanced by false")
      }
    }
    return problems
  }

  /// The `onSuccess`/`onError` hooks run once per succeeded/failed run.
  static func hookCounts(hooks: [ListenerLog.Entry], events: [ListenerLog.Entry]) -> [String] {
    var problems: [String] = []
    for phase in ["succeeded", "failed"] {
      let hookCount = counts(hooks, phase)
      let eventCount = counts(events, phase)
      if hookCount != eventCount {
        problems.append("hook \(phase) per action \(hookCount) but events \(phase) per action \(eventCount)")
      }
    }
    return problems
  }

  /// Two listeners that were both listening all along saw the same number of each phase per action.
  static func sameCounts(
    _ first: [ListenerLog.Entry], _ second: [ListenerLog.Entry], names: (String, String)
  ) -> [String] {
    var problems: [String] = []
    for phase in ["started", "succeeded", "failed", "cancelled"] {
      let lhs = counts(first, phase)
      let rhs = counts(second, phase)
      if lhs != rhs { problems.append("\(names.0) saw \(phase) \(lhs) but \(names.1) saw \(rhs)") }
    }
    return problems
  }

  static func counts(_ entries: [ListenerLog.Entry], _ phase: String) -> [String: Int] {
    var result: [String: Int] = [:]
    for entry in entries where entry.phase == phase { result["\(entry.action)", default: 0] += 1 }
    return result
  }
}
