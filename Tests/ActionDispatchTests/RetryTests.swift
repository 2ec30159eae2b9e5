import ActionDispatch
import ActionDispatchTesting
import Testing

/// `TestClock` driving a view model. "`advance(by:)` steps through every deadline on the way, in
/// order … and `run(maxSteps:)` skips every wait however many there are — retry backoffs
/// included"; `RetryPolicy.exponential`: "0.5 s, 1 s, 2 s, … capped at 30 s".
@MainActor
@Suite(.serialExecutor) struct RetryTests {
  /// Dispatches work that always fails and records the instant of each attempt.
  private func failingRun(
    _ viewModel: AdvViewModel, clock: TestClock, retry: RetryPolicy, timeout: Duration? = nil,
    attempts: AdvBox<[Duration]>
  ) -> Task<Void, Never> {
    viewModel.dispatch(
      actionId: .a, retry: retry, timeout: timeout,
      task: { () async throws -> Int in
        attempts.value.append(clock.now.offset)
        throw TestError()
      })
  }

  @Test func runSkipsEveryBackoffOfSixAttemptsAndEachStartsAtItsExactInstant() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let attempts = AdvBox<[Duration]>([])
    let run = failingRun(viewModel, clock: clock, retry: .exponential(maxAttempts: 6), attempts: attempts)
    await clock.waitForSleepers(1)

    await clock.run()
    await run.value

    let expected: [Duration] = [
      .zero, .milliseconds(500), .milliseconds(1_500), .milliseconds(3_500), .milliseconds(7_500),
      .milliseconds(15_500),
    ]
    #expect(attempts.value == expected)
    #expect(clock.now.offset == .milliseconds(15_500))
    #expect(viewModel.errorMessage(for: .a) == TestError().message)
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .failed])
  }

  @Test func advanceByAndToStepAttemptByAttemptAndStopExactlyAtTheTarget() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let attempts = AdvBox<[Duration]>([])
    let run = failingRun(viewModel, clock: clock, retry: .exponential(maxAttempts: 4), attempts: attempts)
    await clock.waitForSleepers(1)

    await clock.advance(by: .seconds(1))
    #expect(attempts.value == [.zero, .milliseconds(500)])
    #expect(clock.now.offset == .seconds(1))
    #expect(viewModel.isLoading(for: .a))

    await clock.advance(by: .milliseconds(500))
    #expect(attempts.value == [.zero, .milliseconds(500), .milliseconds(1_500)])

    await clock.advance(to: .init(offset: .milliseconds(3_499)))
    #expect(attempts.value.count == 3, "advance(to:) woke a sleeper whose deadline is later")
    await clock.advance(to: .init(offset: .seconds(10)))
    await run.value
    #expect(attempts.value == [.zero, .milliseconds(500), .milliseconds(1_500), .milliseconds(3_500)])
    #expect(clock.now.offset == .seconds(10))
    #expect(viewModel.errorMessage(for: .a) == TestError().message)
  }

  @Test func oneAdvanceThroughAllBackoffsRunsEveryAttemptAtItsOwnInstant() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let attempts = AdvBox<[Duration]>([])
    let run = failingRun(viewModel, clock: clock, retry: .exponential(maxAttempts: 5), attempts: attempts)
    await clock.waitForSleepers(1)

    await clock.advance(by: .seconds(60))
    await run.value

    #expect(
      attempts.value == [.zero, .milliseconds(500), .milliseconds(1_500), .milliseconds(3_500), .milliseconds(7_500)])
    #expect(clock.now.offset == .seconds(60))
  }

  @Test func aCustomPolicysCappedBackoffsAreSkippedByRunAtTheirExactInstants() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let attempts = AdvBox<[Duration]>([])
    let policy = RetryPolicy(
      maxAttempts: 4, initialBackoff: .seconds(10), multiplier: 3, maxBackoff: .seconds(20))
    #expect((1...3).map { policy.backoff(after: $0) } == [.seconds(10), .seconds(20), .seconds(20)])
    let run = failingRun(viewModel, clock: clock, retry: policy, attempts: attempts)
    await clock.waitForSleepers(1)

    await clock.run()
    await run.value

    #expect(attempts.value == [.zero, .seconds(10), .seconds(30), .seconds(50)])
    #expect(clock.now.offset == .seconds(50))
  }

  @Test func aTimeoutDuringABackoffFailsTheRunAtItsDeadlineAndRunLeavesNoAttemptBehind() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let attempts = AdvBox<[Duration]>([])
    let run = failingRun(
      viewModel, clock: clock, retry: .exponential(maxAttempts: 10), timeout: .seconds(5),
      attempts: attempts)
    await clock.waitForSleepers(1)

    await clock.run()
    await run.value

    #expect(attempts.value == [.zero, .milliseconds(500), .milliseconds(1_500), .milliseconds(3_500)])
    #expect(viewModel.failure(for: .a) as? ActionTimeoutError == ActionTimeoutError(timeout: .seconds(5)))
    #expect(clock.now.offset == .seconds(5), "run() went past the timeout: a backoff was left sleeping")
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .failed])
    #expect(clock.sleeperCount == 0)
  }
}
