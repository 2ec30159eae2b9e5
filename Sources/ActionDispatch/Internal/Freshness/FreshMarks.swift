/// The actions that succeeded recently, for `staleTime:`: when each one's last success was.
///
/// A mark is a key and a time — no ``ActionState``, no timer of its own — so that 100,000 keyed
/// actions fresh at once cost a few megabytes, and it is forgotten once no dispatch could find
/// it fresh: marks are kept in the order they were made (a view model's clock only moves
/// forward), and the oldest go first, one timer per view model waking when the next one is due.
/// When none is left, the storage is released.
///
/// Times are nanoseconds on the view model's clock since ``ElapsedTime`` began: one `Int64` each.
struct FreshMarks<ActionId: ActionIdType> {
  /// One success, in the order they happened.
  private struct Mark {
    let actionId: ActionId
    let time: Int64
  }

  /// Per action, when its last success that counts was.
  private var lastSuccess: [ActionId: Int64] = [:]
  /// The successes in the order they happened; entries before `head` are forgotten, and an entry
  /// whose action succeeded again later is passed over when it comes up.
  private var order: [Mark] = []
  /// The index of the oldest entry not yet forgotten.
  private var head = 0
  /// How long a success is remembered: the longest `staleTime` the view model has been given.
  private(set) var retention: Int64 = 0
  /// The timer that forgets the oldest marks when they are due, while there are marks.
  var sweeper: Task<Void, Never>?

  /// Whether any dispatch has given a `staleTime`: only then do successes leave marks.
  var isTracking: Bool { retention > 0 }
  /// How many actions are marked.
  var count: Int { lastSuccess.count }
  /// Whether nothing is marked.
  var isEmpty: Bool { lastSuccess.isEmpty }

  /// Remembers successes at least `staleTime` long from now on.
  mutating func remember(for staleTime: Duration) {
    let window = staleTime.wholeNanoseconds
    if window > retention { retention = window }
  }

  /// When the action's last success was, if it is remembered.
  func lastSuccess(of actionId: ActionId) -> Int64? {
    lastSuccess.isEmpty ? nil : lastSuccess[actionId]
  }

  /// Records a success of the action at `now`.
  mutating func mark(_ actionId: ActionId, at now: Int64) {
    lastSuccess[actionId] = now
    order.append(Mark(actionId: actionId, time: now))
  }

  /// Forgets the action's mark: it is stale from now on.
  mutating func forget(_ actionId: ActionId) {
    guard lastSuccess.removeValue(forKey: actionId) != nil else { return }
    if lastSuccess.isEmpty { release() }
  }

  /// Forgets the marks of the actions `isStale` picks.
  mutating func forget(where isStale: (ActionId) -> Bool) {
    guard !lastSuccess.isEmpty else { return }
    let kept = lastSuccess.filter { !isStale($0.key) }
    guard kept.count != lastSuccess.count else { return }
    lastSuccess = kept
    if lastSuccess.isEmpty { release() }
  }

  /// Forgets every mark and releases the storage.
  mutating func release() {
    lastSuccess = [:]
    order = []
    head = 0
    sweeper?.cancel()
    sweeper = nil
  }

  /// Forgets the marks no dispatch can find fresh any more at `now`, oldest first.
  ///
  /// - Returns: When the next mark is due (a time, as `now` is), or `nil` when none is left.
  mutating func sweep(at now: Int64) -> Int64? {
    while head < order.count {
      let mark = order[head]
      let due = mark.time &+ retention
      // An entry whose action succeeded again (or was forgotten) is passed over.
      let isCurrent = lastSuccess[mark.actionId] == mark.time
      if isCurrent && due > now { return compacted(next: due) }
      if isCurrent { lastSuccess.removeValue(forKey: mark.actionId) }
      head += 1
    }
    release()
    return nil
  }

  /// Drops the forgotten entries' room once it outweighs what is kept, and shrinks the table
  /// once it is mostly empty: the memory held follows the marks, not their peak.
  private mutating func compacted(next: Int64) -> Int64 {
    if head > 64 && head * 2 > order.count {
      order.removeFirst(head)
      head = 0
      if order.capacity > 4 * order.count { order = Array(order) }
    }
    if lastSuccess.capacity > 64 && lastSuccess.count * 8 < lastSuccess.capacity {
      var smaller = [ActionId: Int64](minimumCapacity: lastSuccess.count)
      for (actionId, time) in lastSuccess { smaller[actionId] = time }
      lastSuccess = smaller
    }
    return next
  }
}
