// What the marks do beyond recording a success: remember a stale time, find a mark, forget marks,
// sweep them when they are due.

extension FreshMarks {
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
    untrackedRoom = Self.untrackedCapacity
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
  mutating func keep(_ isKept: (ActionId, Int64) -> Bool) {
    var kept = 0
    for (actionId, time) in lastSuccess where isKept(actionId, time) { kept += 1 }
    // Rebuilt when marks go, or when invalidations left the table mostly empty.
    guard kept < lastSuccess.count || lastSuccess.capacity > 4 * max(kept, 16) else { return }
    guard kept > 0 else { return release() }
    var smaller = [ActionId: Int64](minimumCapacity: kept)
    for (actionId, time) in lastSuccess where isKept(actionId, time) { smaller[actionId] = time }
    lastSuccess = smaller
    untrackedRoom = max(Self.untrackedCapacity - kept, 0)
  }
}
