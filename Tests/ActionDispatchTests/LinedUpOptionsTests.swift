import ActionDispatch
import ActionDispatchTesting
import Testing

/// The options of `dispatch` where they were missing (issue 24): `dispatchAndWait` with
/// `onFailure:`, and group members with `retry:`, `timeout:` and `onFailure:`.
@MainActor
@Suite(.serialExecutor) struct LinedUpOptionsTests {
  @Test func dispatchAndWaitCallsItsFailureClosureWithTheViewModelBeforeItReturns() async {
    let viewModel = TestViewModel()
    await viewModel.dispatchAndWait(
      actionId: .load, task: { () async throws -> Int in throw TestError(message: "offline") },
      onSuccess: { viewModel, value in viewModel.value = value },
      onFailure: { viewModel, error in viewModel.log.append("onFailure(\(error))") })
    #expect(viewModel.log.contains("onFailure(offline)"))
    #expect(viewModel.log.firstIndex(of: "onFailure(offline)")! < viewModel.log.firstIndex(of: "hook.onError(load)")!)
    #expect(viewModel.value == nil)

    await viewModel.dispatchAndWait(
      actionId: .load, task: { 7 }, onSuccess: { viewModel, value in viewModel.value = value },
      onFailure: { _, _ in Issue.record("a success reached onFailure") })
    #expect(viewModel.value == 7)
  }

  @Test func aGroupMemberRetriesAndReportsItsFailureToItsOwnClosure() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    var attempts = 0
    var failures: [String] = []
    let group = Task { @MainActor in
      await viewModel.dispatchGroup([
        GroupedAction(
          .load, retry: RetryPolicy(maxAttempts: 2, initialBackoff: .seconds(1)),
          task: { () async throws -> Int in
            attempts += 1
            if attempts == 1 { throw TestError() }
            return attempts
          }),
        GroupedAction(
          .save, timeout: .seconds(5), task: { try await Gate().pass() },
          onFailure: { failures.append("\($0)") }),
      ])
    }
    await clock.waitForSleepers(2)  // the retry's backoff and the timeout
    await clock.advance(by: .seconds(5))
    let result = await group.value
    #expect(attempts == 2)
    #expect(result.succeeded == [.load])
    #expect(result.failed == [.save])
    #expect(failures.count == 1 && viewModel.failure(for: .save) is ActionTimeoutError)
  }
}
