import ActionDispatch

/// Tasks waiting for a count to reach a threshold, each woken once it does.
///
/// ``Gate/arrivals(_:)`` and ``TestClock/waitForSleepers(_:)`` both wait this way. The owner keeps a `CountWaiters` inside its `LockedState`, registers a
/// waiter with ``wait(for:in:count:waiters:)``, and whenever its count grows calls
/// ``takeReady(at:)`` under the lock and resumes what it returns after the lock is released.
struct CountWaiters: Sendable {
  private var waiting: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  /// Removes and returns the waiters whose threshold `count` has reached.
  mutating func takeReady(at count: Int) -> [CheckedContinuation<Void, Never>] {
    let ready = waiting.filter { $0.count <= count }.map(\.continuation)
    waiting.removeAll { $0.count <= count }
    return ready
  }

  /// Returns once `count(state)` is at least `threshold`: at once if it already is, otherwise
  /// when the owner hands this waiter out from ``takeReady(at:)``.
  ///
  /// - Parameters:
  ///   - threshold: The count to wait for.
  ///   - state: The owner's locked state.
  ///   - count: The count in the state.
  ///   - waiters: Where the state keeps its waiters.
  static func wait<State>(
    for threshold: Int,
    in state: LockedState<State>,
    count: (State) -> Int,
    waiters: WritableKeyPath<State, CountWaiters>
  ) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let reached = state.withLock { state -> Bool in
        if count(state) >= threshold { return true }
        state[keyPath: waiters].waiting.append((threshold, continuation))
        return false
      }
      if reached { continuation.resume() }
    }
  }
}
