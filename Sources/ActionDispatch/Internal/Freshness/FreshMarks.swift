/// The actions that succeeded recently, for `staleTime:`: when each one's last success was.
///
/// A mark is a key and a time in one table — no ``ActionState``, no timer of its own — so that
/// 100,000 keyed actions fresh at once cost a few megabytes (about 40 bytes each), and it is
/// forgotten once no dispatch can find it fresh: one timer per view model wakes when the oldest
/// mark is due and sweeps the table, at most eight times per window (so a mark goes at most an
/// eighth of the window after it is due, and a sweep's cost is spread over the successes of a
/// window). A sweep that forgets marks moves the rest to a table of their size, and when none
/// is left the storage is released.
///
/// Times are nanoseconds on the view model's clock since ``ElapsedTime`` began: one `Int64` each.
struct FreshMarks<ActionId: ActionIdType> {
  /// Per action, when its last success that counts was.
  private var lastSuccess: [ActionId: Int64] = [:]
  /// How long a success is remembered: the longest `staleTime` the view model has been given.
  private(set) var retention: Int64 = 0
  /// The stale times of the actions whose own is shorter than ``retention`` when they asked:
  /// their marks go after their own time, not the longest (issue 37: each key remembers its own
  /// stale time). Empty while every dispatch gives one stale time, so a mark stays 8 bytes.
  private var shorter: [ActionId: Int64] = [:]
  /// The timer that forgets the marks that are due, while there are marks.
  var sweeper: Task<Void, Never>?
  /// When ``sweeper`` wakes, on the view model's clock.
  var sweepDeadline: Int64 = .max

  /// Whether any dispatch has given a `staleTime`: only then do successes leave marks.
  var isTracking: Bool { retention > 0 }
  /// How many actions are marked.
  var count: Int { lastSuccess.count }

  /// Remembers successes at least `staleTime` long from now on, and the action's own stale time
  /// when it is shorter than the longest.
  mutating func remember(for staleTime: Duration, of actionId: ActionId) {
    let window = staleTime.wholeNanoseconds
    if window > retention {
      retention = window
    } else if window < retention {
      shorter[actionId] = window
      return
    }
    if !shorter.isEmpty { shorter.removeValue(forKey: actionId) }
  }

  /// How long the action's mark is kept: its own stale time when shorter than the longest.
  func keptFor(_ actionId: ActionId) -> Int64 {
    shorter.isEmpty ? retention : shorter[actionId] ?? retention
  }

  /// When the action's last success was, if it is remembered.
  func lastSuccess(of actionId: ActionId) -> Int64? {
    lastSuccess.isEmpty ? nil : lastSuccess[actionId]
  }

  /// Records a success of the action at `now`.
  mutating func mark(_ actionId: ActionId, at now: Int64) {
    lastSuccess[actionId] = now
  }

  /// Forgets the action's mark: it is stale from now on.
  mutating func forget(_ actionId: ActionId) {
    guard lastSuccess.removeValue(forKey: actionId) != nil, lastSuccess.isEmpty else { return }
    release()
  }

  /// Forgets the marks of the actions `isStale` picks.
  mutating func forget(where isStale: (ActionId) -> Bool) {
    guard !lastSuccess.isEmpty else { return }
    keep { actionId, _ in !isStale(actionId) }
  }

  /// Forgets every mark and releases the storage.
  mutating func release() {
    lastSuccess = [:]
    shorter = [:]
    sweeper?.cancel()
    sweeper = nil
  }

  /// Forgets the marks that no dispatch can find fresh any more at `now`.
  ///
  /// - Returns: When the oldest mark left is due (a time, as `now` is), or `nil` when none is left.
  mutating func sweep(at now: Int64) -> Int64? {
    var nextDue = Int64.max
    let retention = self.retention
    let shorter = self.shorter
    keep { actionId, time in
      let due = time &+ (shorter.isEmpty ? retention : shorter[actionId] ?? retention)
      guard due > now else { return false }
      nextDue = min(nextDue, due)
      return true
    }
    if !self.shorter.isEmpty { self.shorter = self.shorter.filter { lastSuccess[$0.key] != nil } }
    return lastSuccess.isEmpty ? nil : nextDue
  }

  /// Keeps the marks `isKept` picks, in a table of their size; releases the storage when none is.
  private mutating func keep(_ isKept: (ActionId, Int64) -> Bool) {
    var kept = 0
    for (actionId, time) in lastSuccess where isKept(actionId, time) { kept += 1 }
    // Rebuilt when marks go, or when invalidations left the table mostly empty.
    guard kept < lastSuccess.count || lastSuccess.capacity > 4 * max(kept, 16) else { return }
    guard kept > 0 else { return release() }
    var smaller = [ActionId: Int64](minimumCapacity: kept)
    for (actionId, time) in lastSuccess where isKept(actionId, time) { smaller[actionId] = time }
    lastSuccess = smaller
  }
}
