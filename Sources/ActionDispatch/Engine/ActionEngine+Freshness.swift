extension ActionEngine {
  /// Fills in what the action's machine needs to decide whether a dispatch with a `staleTime`
  /// is answered fresh: the window, and how long ago the action last succeeded.
  func askForFreshness(_ request: inout ActionStateMachine.Request, of actionId: ActionId, within staleTime: Duration) {
    freshMarks.remember(for: staleTime, of: actionId)
    request.staleTime = staleTime
    guard let last = freshMarks.lastSuccess(of: actionId) else { return }
    request.sinceLastSuccess = .nanoseconds(elapsed.now() &- last)
  }
  func markFresh(_ actionId: ActionId) {
    let now = elapsed.now()
    freshMarks.mark(actionId, at: now)
    // A mark kept for a shorter stale time than the sweep planned for (more than an eighth of
    // its own window sooner) moves the sweep earlier: a mark goes at most an eighth late.
    let keptFor = freshMarks.keptFor(actionId)
    let due = now &+ keptFor
    guard freshMarks.sweeper == nil || due < freshMarks.sweepDeadline &- keptFor / 8 else { return }
    freshMarks.sweeper?.cancel()
    scheduleFreshSweep(at: due)
  }

  /// Forgets the marks that no dispatch can find fresh any more when they are due, on the view
  /// model's clock: one timer per view model, whatever the number of marks. The deadline is
  /// fixed now, not when the timer's task first runs, so time that passes meanwhile counts.
  private func scheduleFreshSweep(at deadline: Int64) {
    freshMarks.sweepDeadline = deadline
    let clock = self.clock
    let elapsed = self.elapsed
    let owner = weakOwner
    freshMarks.sweeper = Task { @MainActor in
      while case let remaining = deadline &- elapsed.now(), remaining > 0 {
        do { try await clock.sleep(for: .nanoseconds(remaining)) } catch { return }
      }
      owner.withEngine { $0.sweepFreshMarks() }
    }
  }

  private func sweepFreshMarks() {
    freshMarks.sweeper = nil
    let now = elapsed.now()
    guard let next = freshMarks.sweep(at: now) else { return }
    // At most eight sweeps per window: a sweep visits every mark, so its cost is spread over a
    // window's successes, and a mark goes at most an eighth of the window after it is due.
    scheduleFreshSweep(at: max(next, now &+ freshMarks.retention / 8))
  }

  /// Stops the runs in flight of the actions `matches` picks from making their action fresh:
  /// they may have read what the change that invalidated them replaced.
  func keepRunsFromMarkingFresh(where matches: (ActionId) -> Bool) {
    for (actionId, state) in states where matches(actionId) {
      state.machine.runs.forEach { run in
        run.marksFresh = false
        return true
      }
    }
  }
}

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

/// Reads a clock as time elapsed since a start, whatever the clock's instant type: how the view
/// model measures freshness on its own clock (a `TestClock` in tests).
final class ElapsedTime: Sendable {
  private let read: @Sendable () -> Duration

  /// Starts counting now on `clock`.
  init<C: Clock<Duration>>(_ clock: C) {
    let start = clock.now
    read = { start.duration(to: clock.now) }
  }

  /// Nanoseconds since the start.
  func now() -> Int64 {
    read().wholeNanoseconds
  }
}

extension Duration {
  /// The duration in whole nanoseconds, saturating: a window of centuries is a long one.
  var wholeNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    guard seconds < Int64.max / 1_000_000_000 else { return .max }
    guard seconds > -(Int64.max / 1_000_000_000) else { return .min }
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
