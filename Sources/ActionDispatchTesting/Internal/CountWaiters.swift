import ActionDispatch

/// Tasks waiting for a count to reach a threshold, each woken once it does, or once its time
/// limit passes.
///
/// ``Gate/arrivals(_:limit:fileID:filePath:line:column:)`` and ``TestClock/waitForSleepers(_:limit:fileID:filePath:line:column:)``
/// both wait this way. The owner keeps a `CountWaiters` inside its `LockedState`, registers a
/// waiter with ``wait(for:in:count:waiters:limit:)``, and whenever its count grows calls
/// ``takeReady(at:)`` under the lock and resumes what it returns, with `true`, after the lock is
/// released.
struct CountWaiters: Sendable {
  private var waiting: [(id: UInt64, count: Int, continuation: CheckedContinuation<Bool, Never>)] = []
  private var ids = IDCounter()

  /// Removes and returns the waiters whose threshold `count` has reached.
  mutating func takeReady(at count: Int) -> [CheckedContinuation<Bool, Never>] {
    let ready = waiting.filter { $0.count <= count }.map(\.continuation)
    waiting.removeAll { $0.count <= count }
    return ready
  }

  /// Removes and returns the waiter `id`, if it still waits.
  private mutating func take(_ id: UInt64) -> CheckedContinuation<Bool, Never>? {
    guard let index = waiting.firstIndex(where: { $0.id == id }) else { return nil }
    return waiting.remove(at: index).continuation
  }

  /// Returns once `count(state)` is at least `threshold`: at once if it already is, otherwise
  /// when the owner hands this waiter out from ``takeReady(at:)``; or once `limit` of real time
  /// has passed.
  ///
  /// - Parameters:
  ///   - threshold: The count to wait for.
  ///   - state: The owner's locked state.
  ///   - count: The count in the state.
  ///   - waiters: Where the state keeps its waiters.
  ///   - limit: How long to wait, in real time.
  /// - Returns: `true` when the count reached the threshold, `false` when the limit passed first.
  static func wait<State>(
    for threshold: Int,
    in state: LockedState<State>,
    count: @escaping @Sendable (State) -> Int,
    waiters: WritableKeyPath<State, CountWaiters> & Sendable,
    limit: Duration
  ) async -> Bool {
    let timer = LockedState<Task<Void, Never>?>(nil)
    defer { timer.withLock { $0?.cancel() } }
    return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let id = state.withLock { state -> UInt64? in
        if count(state) >= threshold { return nil }
        let id = state[keyPath: waiters].ids.take()
        state[keyPath: waiters].waiting.append((id, threshold, continuation))
        return id
      }
      guard let id else { return continuation.resume(returning: true) }
      // Detached, so that inside a serial executor scope the timer is none of the test's work.
      let task = Task.detached {
        do { try await Task.sleep(for: limit) } catch { return }
        state.withLock { $0[keyPath: waiters].take(id) }?.resume(returning: false)
      }
      timer.withLock { $0 = task }
    }
  }
}
