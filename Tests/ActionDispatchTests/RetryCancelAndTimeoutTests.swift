import ActionDispatch
import ActionDispatchTesting
import Foundation
import Testing

/// Issue 10, items 5 and 7 (the retry half): a cancel or a timeout during a backoff starts no
/// further attempt, and `TestClock` steps through every backoff.
@MainActor
extension RetryTests {
  // MARK: 3. No attempt after the end

  @Test func cancelBetweenTheEndOfABackoffAndTheNextAttemptStartsNoFurtherAttempt() async {
    let clock = TestClock()
    let viewModel = RowViewModel(clock: clock)
    let recorder = EventRecorder(viewModel)
    let attempts = Stub<Void, Int>(throwing: TestError())
    let run = viewModel.dispatch(
      actionId: .a, retry: RetryPolicy(maxAttempts: 3, initialBackoff: .seconds(1)),
      task: { try await attempts() })
    await clock.waitForSleepers(1)  // attempt 1 failed; the backoff is waiting
    #expect(attempts.callCount == 1)
    // End the backoff from another task while the main actor stays busy, so the run cannot go
    // on to its next attempt before `cancel` below: the cancel lands exactly in between.
    let advance = Task.detached { await clock.advance(by: .seconds(1)) }
    // The backoff's deadline came when its sleeper is gone; its run needs the main actor to go on.
    // The bound only keeps a broken clock from spinning forever: the detached task needs a free
    // thread of the cooperative pool, which under ThreadSanitizer beside the rest of the suite
    // took more than 5 s once.
    let spinLimit = ContinuousClock.now + .seconds(60)
    while clock.sleeperCount > 0, ContinuousClock.now < spinLimit {}
    #expect(clock.sleeperCount == 0, "advance(by:) did not release the backoff's sleeper without the main actor")
    viewModel.cancel(.a)
    await advance.value
    await run.value
    #expect(attempts.callCount == 1, "an attempt ran after the run had ended as cancelled")
    #expect(recorder.events == [.started(.a), .cancelled(.a)])
  }

  @Test func aTimedOutRunStartsNoFurtherAttemptAfterItsBackoff() async {
    let clock = TestClock()
    let viewModel = RowViewModel(clock: clock)
    let recorder = EventRecorder(viewModel)
    let attempts = Stub<Void, Int>(throwing: TestError())
    let run = viewModel.dispatch(
      actionId: .a, retry: RetryPolicy(maxAttempts: 3, initialBackoff: .seconds(2)), timeout: .seconds(1),
      task: { try await attempts() })
    await clock.waitForSleepers(2)  // the timeout (1 s) and the backoff (2 s)
    await clock.advance(by: .seconds(1))
    await clock.run()
    #expect(await clock.finishes(run))
    #expect(attempts.callCount == 1)
    #expect(recorder.events == [.started(.a), .failed(.a)])
    #expect(viewModel.failure(for: .a) is ActionTimeoutError)
  }

  // MARK: 7. TestClock.run() skips every retry backoff

  @Test func clockRunSkipsEveryRetryBackoffUpToTheLastAttempt() async {
    let clock = TestClock()
    let viewModel = RowViewModel(clock: clock)
    let attempts = Stub<Void, Int>(throwing: TestError(message: "still down"))
    let run = viewModel.dispatch(
      actionId: .a, retry: RetryPolicy(maxAttempts: 5, initialBackoff: .seconds(1), multiplier: 2),
      task: { try await attempts() })
    await clock.waitForSleepers(1)
    await clock.run()
    #expect(await clock.finishes(run), "run() returned while a retry backoff was still ahead")
    #expect(attempts.callCount == 5)
    #expect(clock.now.offset == .seconds(15))  // 1 + 2 + 4 + 8
    #expect(viewModel.errorMessage(for: .a) == "still down")
  }

  @Test func advanceByTheSumOfTheBackoffsReachesTheLastAttempt() async {
    let clock = TestClock()
    let viewModel = RowViewModel(clock: clock)
    let attempts = Stub<Void, Int>(throwing: TestError())
    let run = viewModel.dispatch(
      actionId: .a, retry: RetryPolicy(maxAttempts: 4, initialBackoff: .seconds(10), multiplier: 1),
      task: { try await attempts() })
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(30))
    #expect(await clock.finishes(run), "advance(by: 30 s) did not step through the backoffs at 10, 20 and 30 s")
    #expect(attempts.callCount == 4)
    #expect(clock.now.offset == .seconds(30))
  }
}
