import ActionDispatch

extension ScheduleInvariants {
  /// A dispatch is answered fresh only when its action succeeded less than the longest
  /// `staleTime` a world gives ago, by a run that started after the action was last invalidated;
  /// a failure, a cancellation or a superseded run never makes it fresh. And a `joined` event
  /// names a run that is in flight: after its `started`, before its end.
  static func freshnessViolations(_ runner: WorldRunner) -> [String] {
    let longest = World.staleTimes.max()!
    var problems: [String] = []
    var started: [UInt64: Int] = [:]
    var ended: Set<UInt64> = []
    for (index, entry) in runner.timeline.enumerated() {
      guard case .event(let phase, let run) = entry.kind, let action = entry.action else { continue }
      switch phase {
      case "started": started[run] = index
      case "succeeded", "failed", "cancelled": ended.insert(run)
      case "joined":
        if started[run] == nil || ended.contains(run) {
          problems.append("joined: \(action) joined run #\(run), which is not in flight")
        }
      case "fresh":
        let qualifying = runner.timeline[..<index].indices.contains { success in
          guard case .event("succeeded", let successRun) = runner.timeline[success].kind,
            runner.timeline[success].action == action, entry.time - runner.timeline[success].time < longest,
            let start = started[successRun]
          else { return false }
          // No invalidation of the action between that run's start and this answer.
          return !runner.timeline[start..<index].contains {
            $0.kind == .invalidation && ($0.action == nil || $0.action == action)
          }
        }
        if !qualifying {
          problems.append(
            "fresh: \(action) answered fresh at \(entry.time) with no success within \(longest) by a run "
              + "started after its last invalidation")
        }
      default: break
      }
    }
    return problems
  }
}
