import ActionDispatch
import ActionDispatchTesting
import Testing

/// `errorMessage(for:)`: "It clears when the action is dispatched again or `clearError(for:)` is called";
/// retry: "How a failed run is retried before its error is delivered"; "Cancellation is not an
/// error: `errorMessage(for:)` stays `nil`"; supersession "never delivers its result or error".
@MainActor
@Suite(.serialExecutor) struct ErrorStateTests {
  @Test func aRetryThatSucceedsNeverShowsAnErrorNorInvalidatesTheErrorReader() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let attempts = AdvBox(0)
    let reader = InvalidationCounter { _ = viewModel.errorMessage(for: .a) }
    let run = viewModel.dispatch(
      actionId: .a, retry: RetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(100)),
      task: { () async throws -> Int in
        attempts.value += 1
        if attempts.value < 3 { throw TestError() }
        return 1
      })
    await clock.waitForSleepers(1)
    #expect(viewModel.errorMessage(for: .a) == nil, "an attempt's error showed before the run failed")
    await clock.run()
    await run.value
    #expect(attempts.value == 3)
    #expect(viewModel.failure(for: .a) == nil && reader.count == 0)
    #expect(!viewModel.hookLog.contains("error(a)"))
  }

  @Test func aTimeoutIsTheErrorUntilClearedAndClearingTellsTheReaderOnce() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let gate = Gate()
    let run = viewModel.dispatch(
      actionId: .a, timeout: .milliseconds(50), task: { await gate.passIgnoringCancellation() })
    await clock.advance(by: .milliseconds(50))
    #expect(viewModel.failure(for: .a) as? ActionTimeoutError == ActionTimeoutError(timeout: .milliseconds(50)))
    #expect(viewModel.errorMessage(for: .a) != nil && !viewModel.isLoading(for: .a))
    let reader = InvalidationCounter { _ = viewModel.errorMessage(for: .a) }
    viewModel.clearError(for: .a)
    #expect(viewModel.errorMessage(for: .a) == nil && viewModel.failure(for: .a) == nil)
    #expect(reader.count == 1)
    // The work ignores cancellation: it ends when the gate opens.
    run.cancel()
    gate.open()
    await run.value
  }

  @Test func aCancelledRedispatchLeavesTheOldErrorClearedAndAFailingSupersededRunSetsNone() async {
    let viewModel = AdvViewModel()
    await viewModel.dispatch(actionId: .a, task: { () async throws -> Int in throw TestError() }).value
    #expect(viewModel.errorMessage(for: .a) != nil)
    let gate = Gate()
    let second = viewModel.dispatch(
      actionId: .a,
      task: { () async throws -> Int in
        await gate.passIgnoringCancellation()
        throw TestError(message: "late")
      })
    #expect(viewModel.errorMessage(for: .a) == nil, "dispatching again did not clear the error")
    let third = viewModel.dispatch(
      actionId: .a, policy: .cancelPrevious, task: { () async throws -> Int in throw TestError(message: "third") })
    await third.value
    #expect(viewModel.errorMessage(for: .a) == "third")
    gate.open()
    await second.value
    #expect(viewModel.errorMessage(for: .a) == "third", "a superseded run's late error replaced the current one")
    #expect(viewModel.hookLog.filter { $0 == "error(a)" }.count == 2)
  }

  @Test func aFailureWhileAnotherRunIsInFlightIsNotErasedWhenThatRunSucceeds() async {
    let viewModel = AdvViewModel()
    let gate = Gate()
    let slow = viewModel.dispatch(
      actionId: .a,
      task: { () async throws -> Int in
        try await gate.pass()
        return 1
      })
    await gate.arrivals(1)
    await viewModel.dispatch(actionId: .a, task: { () async throws -> Int in throw TestError(message: "x") }).value
    #expect(viewModel.errorMessage(for: .a) == "x" && viewModel.isLoading(for: .a))
    gate.open()
    await slow.value
    #expect(viewModel.errorMessage(for: .a) == "x", "the action's last error vanished without a dispatch or clearError")
  }
}
