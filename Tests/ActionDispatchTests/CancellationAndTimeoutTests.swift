import ActionDispatch
import ActionDispatchTesting
import Foundation
import Testing

/// Issue 10, item 2: a run cancelled before its timeout ends as cancelled, and a timeout that fired
/// first stays a timeout failure. Items 1, 3, 5 and 7 are in `OnRegistrationTests`,
/// `EventsTokenTests` and `RetryCancelAndTimeoutTests`; item 4 in `ReentrantOrderTests`, item 6 in
/// `ViewModelReleaseTests`.
@MainActor
extension CancellationTests {
  // MARK: 2. Cancellation never turns into a timeout

  @Test func cancellingTheReturnedTaskThenLettingTheTimeoutElapseEndsTheRunAsCancelled() async {
    let clock = TestClock()
    let viewModel = RowViewModel(clock: clock)
    let recorder = EventRecorder(viewModel)
    var errorHooks = 0
    viewModel.errorHook = { _, _ in errorHooks += 1 }
    let gate = Gate()
    let run = viewModel.dispatch(
      actionId: .a, timeout: .seconds(5),
      task: {
        await gate.passIgnoringCancellation()
        return 1
      }
    ) { _, value in viewModel.value = value }
    await gate.arrivals(1)
    await clock.waitForSleepers(1)  // the timeout is counting
    run.cancel()
    await clock.advance(by: .seconds(5))
    gate.open()
    await run.value
    #expect(recorder.events == [.started(.a), .cancelled(.a)])
    #expect(viewModel.errorMessage(for: .a) == nil)
    #expect(errorHooks == 0)
    #expect(viewModel.value == nil)
    #expect(!viewModel.isLoading(for: .a))
  }

  @Test func cancellingTheActionThenLettingTheTimeoutElapseEndsTheRunAsCancelled() async {
    let clock = TestClock()
    let viewModel = RowViewModel(clock: clock)
    let recorder = EventRecorder(viewModel)
    let gate = Gate()
    let run = viewModel.dispatch(
      actionId: .a, timeout: .seconds(5),
      task: {
        await gate.passIgnoringCancellation()
        return 1
      })
    await gate.arrivals(1)
    await clock.waitForSleepers(1)
    viewModel.cancel(.a)
    await clock.advance(by: .seconds(5))
    gate.open()
    await run.value
    #expect(recorder.events == [.started(.a), .cancelled(.a)])
    #expect(viewModel.errorMessage(for: .a) == nil)
  }

  @Test func aTimeoutThatFiresFirstStaysATimeoutFailureWhenTheTaskIsCancelledAfter() async throws {
    let clock = TestClock()
    let viewModel = RowViewModel(clock: clock)
    let recorder = EventRecorder(viewModel)
    let gate = Gate()
    let run = viewModel.dispatch(
      actionId: .a, timeout: .seconds(5),
      task: {
        await gate.passIgnoringCancellation()
        return 1
      }
    ) { _, value in viewModel.value = value }
    await gate.arrivals(1)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    try await viewModel.waitUntilIdle(.a)
    run.cancel()
    gate.open()
    await run.value
    #expect(recorder.events == [.started(.a), .failed(.a)])
    #expect(viewModel.failure(for: .a) as? ActionTimeoutError == ActionTimeoutError(timeout: .seconds(5)))
    #expect(viewModel.value == nil)
  }
}
