/// Work that several callers share: one task, run once for all of them, with one retry loop, a
/// timeout for the whole, and steps with a cancellation point between them.
///
/// The caller that starts it sets how it is retried and timed out; a caller that joins it later
/// cannot change that. Callers join and leave by the rules of ``JoinedCallers``: each gets the
/// result through its own delivery, in join order; one that leaves (cancelled, or its own timeout
/// passed) is detached alone; the last one leaving cancels the work. Once-per-run closures run
/// before any caller hears the result: the first whose owner is still alive, and no other.
/// Followers wait for the work's end without keeping it alive, and one that comes after the end
/// reads how it ended.
///
/// ```swift
/// let work = SharedWork<[Page]>(retry: RetryPolicy(maxAttempts: 2), timeout: nil, clock: clock)
/// work.start({ work in
///   var pages: [Page] = []
///   for number in 1...3 { pages.append(try await work.step { try await service.page(number) }) }
///   return pages
/// }, onEnd: { work, result in work.resume(with: result) })
/// let pages = try await work.value(timeout: nil, clock: clock)
/// ```
///
/// Its owner says what the end means (`onEnd`): it records the result where it belongs, then
/// calls ``callOnce(with:)`` and ``resume(with:)``. `onEnd` is called once: when the work returns
/// or throws after its last attempt, when its timeout passes, or when its last caller leaves
/// (``isAbandoned``, with a `CancellationError`).
@MainActor
final class SharedWork<Value> {
  /// How a failed attempt is retried; `nil`: one attempt.
  let retry: RetryPolicy?
  /// The longest the work may take, retries and backoffs included; `nil`: no limit.
  let timeout: Duration?
  /// The clock backoffs and the timeout wait on.
  let clock: any Clock<Duration>
  /// The task running the work, once started.
  private(set) var task: Task<Void, Never>?
  /// The work's timeout, while it waits.
  private var timer: Task<Void, Never>?
  /// The callers, in join order; some may have left.
  private var callers = JoinedCallers<SharedWorkCaller<Value>>()
  /// The callers' once-per-run closures, in join order (see ``callOnce(with:)``).
  private var onces: [@MainActor (Value) -> Bool] = []
  /// Those who wait for the end without keeping the work alive.
  private var followers: [SharedWorkCaller<Void>] = []
  /// What followers get, once the owner said (``endFollowers(with:)``).
  private(set) var followerOutcome: Result<Void, any Error>?
  /// How the work ended; `nil` while it runs.
  private(set) var outcome: Result<Value, any Error>?
  /// Whether it ended because its last caller left.
  private(set) var isAbandoned = false
  /// The attempt under way, from 1; between two attempts, the one that comes next.
  private(set) var attempt = 1
  /// Whether it waits out a backoff before its next attempt.
  private(set) var isWaitingToRetry = false
  /// Told how the work ended, once.
  private var onEnd: (@MainActor (SharedWork<Value>, Result<Value, any Error>) -> Void)?

  /// Makes work that has not started.
  ///
  /// - Parameters:
  ///   - retry: How a failed attempt is retried; `nil` for one attempt.
  ///   - timeout: The longest the work may take as a whole; `nil` for no limit.
  ///   - clock: The clock backoffs and the timeout wait on.
  init(retry: RetryPolicy?, timeout: Duration?, clock: any Clock<Duration>) {
    self.retry = retry
    self.timeout = timeout
    self.clock = clock
  }

  /// How many callers are attached.
  var attached: Int { callers.attached }

  /// Whether the work has ended.
  var hasEnded: Bool { outcome != nil }

  /// Starts the work: `body` runs in a task of its own, again after a backoff while the retry
  /// policy allows, until it returns, its timeout passes or its last caller leaves.
  ///
  /// - Parameters:
  ///   - body: One attempt; given the work, for ``step(_:)``.
  ///   - onEnd: Told how the work ended, once.
  func start(
    _ body: @escaping @MainActor (SharedWork<Value>) async throws -> Value,
    onEnd: @escaping @MainActor (SharedWork<Value>, Result<Value, any Error>) -> Void
  ) {
    precondition(task == nil, "a shared work starts once")
    self.onEnd = onEnd
    if let timeout {
      let clock = self.clock
      timer = Task { [weak self] in
        do { try await clock.sleep(for: timeout) } catch { return }
        self?.timedOut(after: timeout)
      }
    }
    // The task holds the work until it ends, whoever else lets go of it.
    task = Task {
      let result = await self.attempts(body)
      self.end(with: result)
    }
  }

  /// Runs one step of the work: a cancellation point comes before it, so work made of steps (a
  /// paged fetch, page after page) stops at a step's boundary once it is cancelled or ended.
  ///
  /// - Parameter body: The step.
  /// - Returns: What the step returns.
  /// - Throws: `CancellationError` when the work was cancelled or ended before the step; else what
  ///   the step throws.
  func step<T>(_ body: @MainActor () async throws -> T) async throws -> T {
    guard outcome == nil, !Task.isCancelled else { throw CancellationError() }
    return try await body()
  }

  /// The attempts, one after another while the retry policy allows: never after a
  /// `CancellationError`, nor once the work is cancelled or ended (a cancel or timeout that lands
  /// during or right after a backoff starts nothing).
  private func attempts(_ body: @MainActor (SharedWork<Value>) async throws -> Value) async -> Result<Value, any Error>
  {
    while true {
      do {
        return .success(try await body(self))
      } catch {
        guard let retry, attempt < retry.maxAttempts, !(error is CancellationError), !Task.isCancelled,
          outcome == nil, retry.shouldRetry(error)
        else { return .failure(error) }
        isWaitingToRetry = true
        attempt += 1
        let slept: Void? = try? await clock.sleep(for: retry.backoff(after: attempt - 1))
        isWaitingToRetry = false
        guard slept != nil, !Task.isCancelled, outcome == nil else { return .failure(CancellationError()) }
      }
    }
  }

  /// The work's timeout passed: it fails for every caller, and its task is cancelled.
  private func timedOut(after limit: Duration) {
    guard outcome == nil else { return }
    task?.cancel()
    end(with: .failure(ActionTimeoutError(timeout: limit)))
  }

  /// Ends the work, once: its owner is told.
  private func end(with result: Result<Value, any Error>) {
    guard outcome == nil else { return }
    outcome = result
    timer?.cancel()
    timer = nil
    let onEnd = self.onEnd
    self.onEnd = nil
    onEnd?(self, result)
  }
}

extension SharedWork {
  // MARK: - Callers

  /// Adds a caller, the newest; it hears the result through its own delivery.
  ///
  /// - Parameter caller: A caller that has not ended.
  func join(_ caller: SharedWorkCaller<Value>) {
    precondition(outcome == nil, "a caller joins work that runs")
    callers.join(caller)
  }

  /// Adds a once-per-run closure (see ``callOnce(with:)``).
  ///
  /// - Parameter once: Runs its owner's work for the value and returns `true`, or returns
  ///   `false` when its owner is gone.
  func addOnce(_ once: @escaping @MainActor (Value) -> Bool) {
    onces.append(once)
  }

  /// Detaches a caller alone, which gets `error`; when it was the last one attached, the work is
  /// cancelled and ends (``isAbandoned``).
  ///
  /// - Parameters:
  ///   - caller: The caller; one that ended already is left as it is.
  ///   - error: What it gets: `CancellationError`, or its own timeout's error.
  func leave(_ caller: SharedWorkCaller<Value>, with error: any Error) {
    guard !caller.hasEnded else { return }
    caller.end(with: .failure(error))
    guard callers.leave(droppingWhere: { $0.hasEnded }), outcome == nil else { return }
    isAbandoned = true
    task?.cancel()
    end(with: .failure(CancellationError()))
  }

  /// Joins a caller that awaits the result, until the work ends or the caller leaves.
  ///
  /// Cancelling the calling task detaches this caller alone (`CancellationError`); so does its own
  /// timeout (``ActionTimeoutError``), which changes nothing of the work's.
  ///
  /// - Parameters:
  ///   - timeout: The longest this caller waits; `nil` for as long as the work runs.
  ///   - clock: The clock that timeout is measured on.
  ///   - observer: Told when the caller ends, before its task resumes.
  /// - Returns: The work's value.
  /// - Throws: The work's error, `CancellationError`, or the caller's ``ActionTimeoutError``.
  func value(
    timeout: Duration?, clock: any Clock<Duration>, observer: (any SharedWorkCallerObserver)? = nil
  ) async throws -> Value {
    if let outcome { return try outcome.get() }
    let caller = SharedWorkCaller<Value>(receive: nil)
    caller.observer = observer
    join(caller)
    if let timeout {
      caller.timer = Task { [weak self, weak caller] in
        do { try await clock.sleep(for: timeout) } catch { return }
        guard let self, let caller else { return }
        self.leave(caller, with: ActionTimeoutError(timeout: timeout))
      }
    }
    return try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { caller.continuation = $0 }.value
    } onCancel: {
      Task { @MainActor in self.leave(caller, with: CancellationError()) }
    }
  }

  /// Calls the once-per-run closures in join order until one returns `true` (its owner is
  /// alive): before the callers are resumed, so it runs first.
  ///
  /// - Parameter value: The work's value.
  func callOnce(with value: Value) {
    let onces = self.onces
    self.onces = []
    for once in onces where once(value) { break }
  }

  /// Hands every caller still attached the result, in join order.
  ///
  /// - Parameter result: What the callers get: the work's result, or what its owner recorded
  ///   instead (a newer value, say).
  func resume(with result: Result<Value, any Error>) {
    onces = []
    for caller in callers.takeAll() where !caller.hasEnded { caller.end(with: result) }
  }

  // MARK: - Followers

  /// Waits for the work's end without keeping it alive: the last caller leaving still cancels
  /// it. What a follower gets is its owner's to say (``endFollowers(with:)``); one that comes
  /// after that reads it at once. Cancelling the calling task stops only the waiting.
  ///
  /// - Throws: What the owner said, or `CancellationError` when the calling task is cancelled.
  func follow() async throws {
    if let followerOutcome { return try followerOutcome.get() }
    let follower = SharedWorkCaller<Void>(receive: nil)
    followers.append(follower)
    _ = try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { follower.continuation = $0 }
    } onCancel: {
      Task { @MainActor in
        guard !follower.hasEnded else { return }  // the work ended first
        self.followers.removeAll { $0 === follower }
        follower.end(with: .failure(CancellationError()))
      }
    }
  }

  /// Ends the work for its followers: each gets `outcome`, and so does one that comes later.
  ///
  /// - Parameter outcome: What they get.
  func endFollowers(with outcome: Result<Void, any Error>) {
    followerOutcome = outcome
    let followers = self.followers
    self.followers = []
    for follower in followers { follower.end(with: outcome) }
  }
}
