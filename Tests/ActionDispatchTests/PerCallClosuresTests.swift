import ActionDispatch
import ActionDispatchTesting
import Testing

/// `onFailure:` beside `onSuccess:`, and `dispatchAndWait`, which follows its caller's cancellation.
@MainActor
@Suite(.serialExecutor) struct PerCallClosuresTests {
  @Test func onFailureGetsThisRunsErrorAfterErrorForAndBeforeTheHook() async {
    let viewModel = TestViewModel()
    await viewModel.dispatch(
      actionId: .save, task: { () async throws -> Int in throw TestError(message: "row 3") },
      onFailure: { _, error in
        viewModel.log.append("onFailure(\(error), recorded: \(viewModel.errorMessage(for: .save) ?? "nil"))")
      }
    ).value
    #expect(
      viewModel.log == [
        "status(save, true)", "onFailure(row 3, recorded: row 3)", "hook.onError(save)", "status(save, false)",
      ])
  }

  @Test func onFailureIsNotCalledOnSuccessOrCancellation() async {
    let viewModel = TestViewModel()
    let gate = Gate()
    await viewModel.dispatch(actionId: .load, task: { 1 }, onSuccess: { _, value in viewModel.value = value }) { _, _ in
      viewModel.log.append("onFailure")
    }.value
    let cancelled = viewModel.dispatch(
      actionId: .load, task: { try await gate.pass() }, onFailure: { _, _ in viewModel.log.append("onFailure") })
    viewModel.cancel(.load)
    await cancelled.value
    #expect(viewModel.value == 1)
    #expect(!viewModel.log.contains("onFailure"))
  }

  @Test func onFailureReceivesATimeout() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    let gate = Gate()
    var received: (any Error)?
    let run = viewModel.dispatch(
      actionId: .load, timeout: .seconds(5), task: { try await gate.pass() },
      onFailure: { _, error in received = error })
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    await run.value
    #expect(received as? ActionTimeoutError == ActionTimeoutError(timeout: .seconds(5)))
  }

  @Test func dispatchAndWaitReturnsAfterTheRunDelivered() async {
    let viewModel = TestViewModel()
    await viewModel.dispatchAndWait(actionId: .load, task: { 7 }) { viewModel, value in viewModel.value = value }
    #expect(viewModel.value == 7)
    #expect(!viewModel.isLoading(for: .load))
  }

  @Test func cancellingTheWaitingTaskCancelsTheRunAndNothingIsDelivered() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    let gate = Gate()
    let caller = Task {
      await viewModel.dispatchAndWait(
        actionId: .load,
        task: {
          try await gate.pass()
          return 7
        }
      ) { viewModel, value in viewModel.value = value }
    }
    await gate.arrivals(1)
    caller.cancel()  // what SwiftUI does to `.task` when the view goes away
    await caller.value
    try? await viewModel.waitUntilIdle(.load)
    #expect(viewModel.value == nil)
    #expect(!viewModel.isLoading(for: .load))
    #expect(recorder.events == [.started(.load), .cancelled(.load)])
  }
}
