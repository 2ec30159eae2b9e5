/// The callers of one shared run (``DispatchPolicy/joinRunning``), in dispatch order.
///
/// Joining appends and leaving marks a caller ended and counts it out: both O(1) whatever the
/// number of callers. Callers that left are dropped from the list once they outnumber those
/// still attached, so a long run that callers keep joining and leaving holds only the attached.
@usableFromInline
final class SharedRun {
  /// The callers, in dispatch order; some may have left.
  private(set) var callers: [RunCaller] = []
  /// How many callers are attached.
  private(set) var attached = 0

  init() {}

  /// Adds a caller, the newest.
  func join(_ caller: RunCaller) {
    callers.append(caller)
    attached += 1
  }

  /// Detaches a caller that is attached: its part ends.
  ///
  /// - Returns: Whether it was the last one attached.
  func leave(_ caller: RunCaller) -> Bool {
    caller.end()
    attached -= 1
    if callers.count > 32 && callers.count > 2 * attached { callers.removeAll { $0.hasEnded } }
    return attached == 0
  }

  /// Calls `body` with each caller attached now, in dispatch order; one that leaves meanwhile (or
  /// whose task was cancelled) is skipped, and one that joins meanwhile (an element's closure
  /// dispatched) is not called.
  @MainActor func forEachAttached(_ body: (RunCaller) -> Void) {
    var index = 0
    let end = callers.count
    while index < end {
      let caller = callers[index]
      index += 1
      if caller.isAttached { body(caller) }
    }
  }
}
