import ActionDispatch
import ActionDispatchTesting
import Foundation
import Testing

/// Issue 10, items 1, 2, 3, 5 and 7 (the retry half), each through the public API only.
/// Item 4 is in `ReentrantOrderTests`, item 6 in `ViewModelReleaseTests`.
@MainActor
@Suite struct Issue10RegressionTests {
  // MARK: 1. Observers hear only runs that start after `observe`

  @Test func observerRegisteredMidRunHearsNothingOfThatRunWhenItSucceeds() async {
    let viewModel = RowViewModel()
    let gate = Gate()
    let inFlight = viewModel.dispatch(actionId: .a, task: { try await gate.pass() })
    await gate.arrivals(1)
    var seen: [String] = []
    let token = viewModel.observe {
      On(.a)
        .started { seen.append("started") }
        .succeeded { seen.append("succeeded") }
        .cancelled { seen.append("cancelled") }
        .finished { seen.append("finished") }
    }
    gate.open()
    await inFlight.value
    #expect(seen == [], "a run already in flight when observe was called was delivered to it")
    await viewModel.dispatch(actionId: .a, task: { 2 }).value
    #expect(seen == ["started", "succeeded", "finished"])
    token.cancel()
  }

  @Test func observerRegisteredMidRunHearsNothingOfThatRunWhenItIsCancelled() async {
    let viewModel = RowViewModel()
    let gate = Gate()
    let inFlight = viewModel.dispatch(actionId: .a, task: { try await gate.pass() })
    await gate.arrivals(1)
    var seen: [String] = []
    let token = viewModel.observe {
      On(.a)
        .started { seen.append("started") }
        .cancelled { seen.append("cancelled") }
        .finished { seen.append("finished") }
    }
    viewModel.cancel(.a)
    await inFlight.value
    #expect(seen == [])
    token.cancel()
  }

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
    ) { viewModel.value = $0 }
    await gate.arrivals(1)
    await clock.waitForSleepers(1)  // the timeout is counting
    run.cancel()
    await clock.advance(by: .seconds(5))
    gate.open()
    await run.value
    #expect(recorder.events == [.started(.a), .cancelled(.a)])
    #expect(viewModel.error(for: .a) == nil)
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
    #expect(viewModel.error(for: .a) == nil)
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
    ) { viewModel.value = $0 }
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

  // MARK: 5. A cancelled token stops its handlers at once

  @Test func cancellingTheTokenInsideASucceededHandlerStopsTheSameOnsNextHandlers() async {
    let viewModel = RowViewModel()
    var calls: [String] = []
    var token: ObservationToken?
    token = viewModel.observe {
      On(.a)
        .succeeded {
          calls.append("first succeeded")
          token?.cancel()
        }
        .succeeded { calls.append("second succeeded") }
        .finished { calls.append("finished") }
    }
    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    #expect(calls == ["first succeeded"])
  }

  @Test func cancellingTheTokenInsideAStartedHandlerStopsTheOtherOnsOfTheSameToken() async {
    let viewModel = RowViewModel()
    var calls: [String] = []
    var token: ObservationToken?
    token = viewModel.observe {
      On(.a).started {
        calls.append("a started")
        token?.cancel()
      }
      On(.a).started { calls.append("second On started") }.finished { calls.append("second On finished") }
    }
    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    #expect(calls == ["a started"])
  }

  @Test func cancellingAnEventsTokenInsideItsHandlerStopsIt() async {
    let viewModel = RowViewModel()
    var kinds: [ActionEvent<RowAction>.Kind] = []
    var token: ObservationToken?
    token = viewModel.observeEvents { event in
      kinds.append(event.kind)
      token?.cancel()
    }
    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    #expect(kinds == [.started])
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
    #expect(viewModel.error(for: .a) == "still down")
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
