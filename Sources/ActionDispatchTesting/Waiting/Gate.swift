import ActionDispatch

/// A barrier that work waits at until the test opens it: the way to hold a run in flight.
///
/// ```swift
/// let gate = Gate()
/// let run = viewModel.dispatch(actionId: .load) { try await gate.pass() }
/// #expect(viewModel.isLoading(for: .load))
/// gate.open()
/// await run.value
/// ```
///
/// ``arrivals(_:limit:fileID:filePath:line:column:)`` tells the test that work has reached the gate, without sleeping.
public final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var arrivals = 0
    var ids = IDCounter()
    /// Passers waiting, in the order they arrived; a cancelled one leaves an empty slot.
    var passers: [CheckedContinuation<Void, any Error>?] = []
    /// Each waiting passer's slot in `passers`, so that a cancellation finds it at once: a test
    /// that cancels 5,000 of 10,000 waiting runs does not search the list 5,000 times.
    var slotOfPasser: [UInt64: Int] = [:]
    var waiters = CountWaiters()
  }

  private let state = LockedState(State())

  /// Creates a closed gate.
  public init() {}

  /// How many times work has arrived at the gate.
  public var arrivalCount: Int {
    state.withLock { $0.arrivals }
  }

  /// Waits until the gate is open; throws if the waiting task is cancelled.
  ///
  /// - Throws: `CancellationError` when the task is cancelled while waiting.
  public func pass() async throws {
    let id = state.withLock { $0.ids.take() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (outcome, ready) = state.withLock {
          state -> (Result<Void, any Error>?, [CheckedContinuation<Bool, Never>]) in
          state.arrivals += 1
          let ready = state.waiters.takeReady(at: state.arrivals)
          if Task.isCancelled { return (.failure(CancellationError()), ready) }
          if state.isOpen { return (.success(()), ready) }
          state.slotOfPasser[id] = state.passers.count
          state.passers.append(continuation)
          return (nil, ready)
        }
        for waiter in ready { waiter.resume(returning: true) }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let passer = state.withLock { state -> CheckedContinuation<Void, any Error>? in
        guard let slot = state.slotOfPasser.removeValue(forKey: id) else { return nil }
        defer { state.passers[slot] = nil }
        return state.passers[slot]
      }
      passer?.resume(throwing: CancellationError())
    }
  }

  /// Waits until the gate is open, ignoring cancellation: work that does not cooperate.
  public func passIgnoringCancellation() async {
    await Task { try? await self.pass() }.value
  }

  /// Opens the gate: every waiting and future passer goes through.
  public func open() {
    let passers = state.withLock { state in
      state.isOpen = true
      defer {
        state.passers.removeAll()
        state.slotOfPasser.removeAll()
      }
      return state.passers.compactMap { $0 }
    }
    for passer in passers { passer.resume() }
  }

  /// Waits until work has arrived at the gate at least `count` times in all.
  ///
  /// The wait is bounded: when `limit` of real time passes first, it fails the running test
  /// (an issue in Swift Testing, a failure in XCTest) saying how many arrivals it waited for
  /// and how many came, and returns.
  ///
  /// - Parameters:
  ///   - count: The number of arrivals to wait for.
  ///   - limit: How long to wait, in real time; ``WaitTimeoutError/defaultLimit`` by default.
  ///   - fileID: Filled in for you: the file a failure points to.
  ///   - filePath: Filled in for you: that file's path, for XCTest.
  ///   - line: Filled in for you: the line a failure points to.
  ///   - column: Filled in for you: the column a failure points to.
  public func arrivals(
    _ count: Int, limit: Duration = WaitTimeoutError.defaultLimit,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let reached = await CountWaiters.wait(
      for: count, in: state, count: { $0.arrivals }, waiters: \.waiters, limit: limit)
    guard !reached else { return }
    FailureReporter.current.record(
      "Waited \(limit) for \(count) arrival(s) at the gate, and \(arrivalCount) came. "
        + "Check that the work was dispatched and reaches gate.pass().",
      CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
