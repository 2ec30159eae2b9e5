import ActionDispatch

/// The documented lifecycle promises, checked over everything a ``ListenerLog`` recorded.
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

  /// Per run: `started` once, then exactly one terminal event, then nothing; `dropped` alone.
  static func eventOrder(_ entries: [ListenerLog.Entry], idle: Bool) -> [String] {
    var problems: [String] = []
    var phases: [UInt64: [String]] = [:]
    var order: [UInt64] = []
    for entry in entries {
      guard let run = entry.run else { continue }
      if phases[run] == nil { order.append(run) }
      phases[run, default: []].append(entry.phase)
    }
    for run in order {
      let seen = phases[run] ?? []
      if seen == ["dropped"] { continue }
      let valid =
        seen.first == "started" && seen.dropFirst().allSatisfy(terminalPhases.contains) && seen.count <= 2
        && (seen.count == 2 || !idle)
      if !valid {
        problems.append("events: run #\(run) saw \(seen); expected [started, one of succeeded/failed/cancelled]")
      }
    }
    return problems
  }

  /// Per action: no end without an open start, `finished` only after an end, nothing open when idle.
  static func onOrder(_ entries: [ListenerLog.Entry], idle: Bool) -> [String] {
    var problems: [String] = []
    var open: [RowAction: Int] = [:]
    var unfinished: [RowAction: Int] = [:]
    for (index, entry) in entries.enumerated() {
      let action = entry.action
      switch entry.phase {
      case "started":
        open[action, default: 0] += 1
      case "element":
        if open[action, default: 0] == 0 {
          problems.append("On(\(action)): an element with no run in flight (entry \(index))")
        }
      case _ where terminalPhases.contains(entry.phase):
        if open[action, default: 0] == 0 {
          problems.append("On(\(action)): \(entry.phase) with no run started (entry \(index))")
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
        problems.append("On(\(action)): unexpected phase \(entry.phase)")
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
    var problems: [String] = []
    var loading: [RowAction: Bool] = [:]
    for entry in entries {
      let isLoading: Bool
      switch entry.phase {
      case "loading(true)": isLoading = true
      case "loading(false)": isLoading = false
      default: continue
      }
      if loading[entry.action, default: false] == isLoading {
        problems.append("onStatusUpdate(\(entry.action), \(isLoading)) twice in a row")
      }
      loading[entry.action] = isLoading
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
