import ActionDispatch

/// A clock whose time moves only when a test says so.
///
/// Inject it into a view model (`BaseViewModel.init(clock:)`) or a service to
/// drive `.debounce`, retry backoff and timeouts without sleeping:
///
/// ```swift
/// let clock = TestClock()
/// let viewModel = SearchViewModel(service: stub, clock: clock)
/// viewModel.search("oct")
/// await clock.waitForSleepers(1)        // the debounce is waiting
/// await clock.advance(by: .milliseconds(300))
/// ```
///
/// ``advance(by:fileID:filePath:line:column:)`` steps through every deadline on the way, in order, as swift-clocks'
/// `TestClock` does, and ``run(maxSteps:)`` skips every wait however many there are — retry
/// backoffs included.
///
/// After waking a sleeper, ``advance(by:fileID:filePath:line:column:)`` and ``run(maxSteps:)`` let the woken work run up to
/// its next suspension before they move on. How they know it got there depends on where the
/// test runs:
///
/// - Inside ``withSerialExecutor(isolation:_:)`` (or a suite with the
///   ``SerialExecutorTrait/serialExecutor`` trait), every job runs on one serial queue, and the
///   clock waits until nothing is left to run on it. The answer does not depend on how fast
///   threads are, so a test passes on a busy machine as it does on a quiet one. Use this.
/// - Elsewhere, the clock cannot see work running between two sleeps on the thread pool. It
///   lets the main actor and the global executor run until its sleepers stay the same for a few
///   rounds in a row, and before it settles on a target (or finds no wait left) for
///   ``settlingRounds`` rounds: work that hops through an actor up to about 50 times between two
///   sleeps is followed, on a machine that is not too busy. For work that takes longer, raise
///   `settlingRounds`.
///
/// Either way, await the work itself (the task `dispatch` returns) next.
public final class TestClock: Clock, Sendable {
  /// A point on a test clock's timeline: the time elapsed since the clock was created.
  public struct Instant: InstantProtocol, Sendable, Hashable, Comparable {
    /// Time since the clock's start.
    public var offset: Duration

    /// Creates an instant at the given offset from the clock's start.
    ///
    /// - Parameter offset: Time since the clock's start.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// The instant a duration later.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The duration from this instant to another.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Orders instants by time.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant()
    var ids = IDCounter()
    /// Ordered by deadline, the first registered first among equals, so the earliest is the first:
    /// a clock with a thousand sleepers finds each next one at once instead of searching them all.
    var sleepers: [Sleeper] = []
    var waiters = CountWaiters()
  }

  private let state = LockedState(State())

  /// Creates a clock at offset zero.
  ///
  /// - Parameters:
  ///   - settlingRounds: Outside a serial executor only: how many rounds in a row the clock's
  ///     sleepers must stay the same before ``advance(to:)`` settles on its target or
  ///     ``run(maxSteps:)`` finds no wait left (see ``TestClock``). Raise it for work that hops
  ///     through actors more than about 50 times between two sleeps. Inside
  ///     ``withSerialExecutor(isolation:_:)`` the clock waits until nothing is left to run
  ///     instead. A value below 1 fails the test that made the clock, which then uses 1.
  ///   - fileID: Filled in for you: the file a failure points to.
  ///   - filePath: Filled in for you: that file's path, for XCTest.
  ///   - line: Filled in for you: the line a failure points to.
  ///   - column: Filled in for you: the column a failure points to.
  public init(
    settlingRounds: Int = 50,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.settlingRounds = max(settlingRounds, 1)
    guard settlingRounds < 1 else { return }
    FailureReporter.current.record(
      "TestClock(settlingRounds: \(settlingRounds)): settlingRounds must be at least 1; the clock uses 1. "
        + "Pass a positive number, or leave it out for the default (50).",
      CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Outside a serial executor, how many quiet rounds the clock waits for before it decides no
  /// sleeper is coming.
  public let settlingRounds: Int

  /// The current instant; it moves only through ``advance(by:fileID:filePath:line:column:)`` and ``advance(to:)``.
  public var now: Instant {
    state.withLock { $0.now }
  }

  /// The smallest step the clock can take: zero.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are sleeping on this clock right now.
  public var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }

  /// Suspends until the clock is advanced to the deadline, or the task is cancelled.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the sleeping task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { $0.ids.take() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        // Checked under the lock, so a cancellation is seen either here or by `onCancel`.
        let (outcome, readyWaiters) = state.withLock {
          state -> (Result<Void, any Error>?, [CheckedContinuation<Bool, Never>]) in
          if Task.isCancelled { return (.failure(CancellationError()), []) }
          if deadline <= state.now { return (.success(()), []) }
          state.sleepers.insert(
            Sleeper(id: id, deadline: deadline, continuation: continuation),
            at: Self.insertionIndex(for: deadline, in: state.sleepers))
          return (nil, state.waiters.takeReady(at: state.sleepers.count))
        }
        if let outcome { continuation.resume(with: outcome) }
        for waiter in readyWaiters { waiter.resume(returning: true) }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward, stepping through every deadline on the way in order.
  ///
  /// Each sleeper whose deadline falls within the step is woken at its own deadline, earliest
  /// first, and the work it wakes is given a chance to run before the clock moves on — so a
  /// sleeper that starts during the advance and falls inside it is woken too, at its deadline.
  /// How long the clock waits for such a sleeper is bounded; see ``TestClock``.
  ///
  /// - Parameters:
  ///   - duration: How far to move. A negative one fails the test and leaves the clock where it
  ///     is: time never moves backwards.
  ///   - fileID: Filled in for you: the file a failure points to.
  ///   - filePath: Filled in for you: that file's path, for XCTest.
  ///   - line: Filled in for you: the line a failure points to.
  ///   - column: Filled in for you: the column a failure points to.
  public func advance(
    by duration: Duration,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    guard duration >= .zero else {
      return FailureReporter.current.record(
        "TestClock cannot move backwards: advance(by: \(duration)) left it at \(now.offset). "
          + "Pass a duration of zero or more; to start over, make a new TestClock.",
        CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to an instant, stepping through every deadline on the way in order.
  ///
  /// - Parameter instant: The new current instant; an earlier one leaves the clock where it is.
  public func advance(to instant: Instant) async {
    _ = await step(to: instant)
  }

  /// Advances to each sleeper's deadline in turn until no task sleeps on the clock.
  ///
  /// Every wait is skipped, in order, however many there are: retry backoffs, debounces,
  /// timeouts, and sleepers that start while it runs — including after work that hops through
  /// actors between two waits (within ``settlingRounds``; see ``TestClock``). It stops after
  /// `maxSteps` deadlines, a bound against work that sleeps forever in a loop.
  ///
  /// - Parameter maxSteps: A bound on the number of deadlines to skip to.
  public func run(maxSteps: Int = 10_000) async {
    // Whether the last step ended on a quiet settle, which need not be waited for again.
    var settled = false
    for _ in 0..<maxSteps {
      if !settled { await letWokenWorkRun() }
      var next = state.withLock { $0.sleepers.first?.deadline }
      if next == nil, !settled, await settleLonger() { next = state.withLock { $0.sleepers.first?.deadline } }
      guard let next else { return }
      settled = await step(to: next)
    }
  }

  /// ``advance(to:)``; `true` when it ended on ``settlingRounds`` quiet rounds in which no task
  /// slept on the clock.
  private func step(to instant: Instant) async -> Bool {
    while true {
      let next = state.withLock { state -> Sleeper? in
        guard let index = Self.earliestSleeper(in: state, notAfter: instant) else { return nil }
        let sleeper = state.sleepers.remove(at: index)
        if sleeper.deadline > state.now { state.now = sleeper.deadline }
        return sleeper
      }
      if let next {
        next.continuation.resume()
        await letWokenWorkRun()
        continue
      }
      // Before settling on the target, give work still running between two sleeps longer to
      // reach its next one: a sleeper that starts then, due by the target, is woken too.
      let slept = await settleLonger()
      if slept, state.withLock({ Self.earliestSleeper(in: $0, notAfter: instant) }) != nil { continue }
      state.withLock { state in
        if instant > state.now { state.now = instant }
      }
      return !slept
    }
  }

  /// The position of the earliest sleeper due by `instant` (the first registered among equals).
  private static func earliestSleeper(in state: State, notAfter instant: Instant) -> Int? {
    guard let first = state.sleepers.first, first.deadline <= instant else { return nil }
    return 0
  }

  /// Where a sleeper with `deadline` goes in `sleepers`: after every one due no later.
  private static func insertionIndex(for deadline: Instant, in sleepers: [Sleeper]) -> Int {
    var low = 0
    var high = sleepers.count
    while low < high {
      let middle = (low + high) / 2
      if sleepers[middle].deadline <= deadline { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Gives tasks that were just woken time to run up to their next suspension.
  ///
  /// Work woken by a test clock usually continues on the main actor (a view model's runs) and
  /// then calls back into the clock from the global executor. So each round first queues behind
  /// whatever the main actor has to do, then yields through a low-priority detached task, as
  /// swift-clocks' `TestClock` (`megaYield`) does; rounds repeat until the clock's sleepers have
  /// stayed the same for several rounds in a row.
  private func letWokenWorkRun(quietRounds: Int = 5) async {
    if SerialJobQueue.isSerializingCurrentTask { return await SerialJobQueue.shared.settle() }
    var unchangedRounds = 0
    var last = state.withLock { ($0.ids.next, $0.sleepers.count) }
    for _ in 0..<(quietRounds * 40) where unchangedRounds < quietRounds {
      await MainActor.run {}
      await Task.detached(priority: .low) { await Task.yield() }.value
      let current = state.withLock { ($0.ids.next, $0.sleepers.count) }
      unchangedRounds = current == last ? unchangedRounds + 1 : 0
      last = current
    }
  }

  /// Settles for ``settlingRounds`` quiet rounds (on a serial executor, until nothing is left to
  /// run); `true` when a task slept on the clock meanwhile.
  private func settleLonger() async -> Bool {
    let before = state.withLock { $0.ids.next }
    await letWokenWorkRun(quietRounds: settlingRounds)
    return state.withLock { $0.ids.next } != before
  }

  /// Waits until at least `count` tasks are sleeping on the clock.
  ///
  /// This is how a test knows a debounce or backoff has started waiting, without sleeping itself.
  /// The wait is bounded: when `limit` of real time passes first, it fails the running test
  /// (an issue in Swift Testing, a failure in XCTest) saying how many sleepers it waited for
  /// and how many there are, and returns.
  ///
  /// - Parameters:
  ///   - count: The number of sleepers to wait for.
  ///   - limit: How long to wait, in real time; ``WaitTimeoutError/defaultLimit`` by default.
  ///   - fileID: Filled in for you: the file a failure points to.
  ///   - filePath: Filled in for you: that file's path, for XCTest.
  ///   - line: Filled in for you: the line a failure points to.
  ///   - column: Filled in for you: the column a failure points to.
  public func waitForSleepers(
    _ count: Int = 1, limit: Duration = WaitTimeoutError.defaultLimit,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let reached = await CountWaiters.wait(
      for: count, in: state, count: { $0.sleepers.count }, waiters: \.waiters, limit: limit)
    guard !reached else { return }
    FailureReporter.current.record(
      "Waited \(limit) for \(count) task(s) to sleep on the test clock, and \(sleeperCount) did. "
        + "Check that the work was dispatched and sleeps on this clock (was the clock injected?).",
      CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Whether a task that waits only on this clock has no wait left, so it ends without time
  /// passing; the task is then awaited. With a wait left the task is cancelled instead, so that a
  /// broken clock fails the check at once rather than hang the test, and no real time is spent.
  ///
  /// For the package's own tests of stepping and skipping: `#expect(await clock.finishes(task))`.
  ///
  /// - Parameter task: A task whose every wait is a sleep on this clock.
  /// - Returns: `true` when no sleeper was left on the clock.
  package func finishes(_ task: Task<Void, Never>) async -> Bool {
    let hasNoWaitLeft = sleeperCount == 0
    if !hasNoWaitLeft { task.cancel() }
    await task.value
    return hasNoWaitLeft
  }
}
