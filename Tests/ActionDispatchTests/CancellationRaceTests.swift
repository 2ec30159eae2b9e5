import ActionDispatch
import ActionDispatchTesting
import Testing

/// Cancel against completion. "Cancelling the task that `dispatch` returned cancels that run: it
/// ends as cancelled on the main actor's next turn, and delivers nothing even if its work returns
/// first" (Choosing a policy); `cancel(_:)`: "Each run ends at once as cancelled … no result or
/// error is delivered (even if the work ignores cancellation and returns later)".
@MainActor
extension CancellationTests {
  @Test func cancellingTheReturnedTaskOfWorkThatIgnoresCancellationEndsTheRunOnTheNextTurn() async throws {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let workReturned = Gate()
    let delivered = AdvBox(false)
    let run = viewModel.dispatch(
      actionId: .a,
      task: {
        await gate.passIgnoringCancellation()
        workReturned.open()
        return 1
      }, onSuccess: { _, _ in delivered.value = true })
    await gate.arrivals(1)

    run.cancel()
    // The run ends on the main actor's next turn: await that end, not a number of turns. The
    // work is still held at the gate, so the end cannot have come from the work returning.
    await listeners.heard(.cancelled, of: .a)

    #expect(!viewModel.isLoading(for: .a), "the run did not end while its work ran on")
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .cancelled])
    #expect(listeners.phases[.a] == ["started", "cancelled", "finished"])
    gate.open()
    await run.value
    try await workReturned.pass()
    #expect(!delivered.value)
    #expect(!viewModel.hookLog.contains("success(a)"))
    #expect(listeners.violations() == [])
    #expect(viewModel.statusLog[.a] == [true, false])
  }

  @Test func workThatCancelsItsOwnActionThenReturnsDeliversNothing() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let delivered = AdvBox(false)

    await viewModel.dispatch(
      actionId: .a,
      task: { [weak viewModel] in
        viewModel?.cancel(.a)
        return 1
      }, onSuccess: { _, _ in delivered.value = true }
    ).value

    #expect(!delivered.value)
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .cancelled])
    #expect(listeners.violations() == [])
  }

  @Test func workThatCancelsTheTaskDispatchReturnedThenReturnsDeliversNothing() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let delivered = AdvBox(false)
    let handle = AdvBox<Task<Void, Never>?>(nil)
    let started = Gate()

    handle.value = viewModel.dispatch(
      actionId: .a,
      task: {
        try await started.pass()
        handle.value?.cancel()
        return 1
      }, onSuccess: { _, _ in delivered.value = true })
    started.open()
    await handle.value?.value

    #expect(!delivered.value, "work returned after its task was cancelled, and the result was delivered")
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .cancelled])
    #expect(viewModel.errorMessage(for: .a) == nil)
    #expect(listeners.violations() == [])
  }

  @Test func openingTheGateAndCancellingTheTaskInTheSameTurnDeliversNothing() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let delivered = AdvBox(0)
    var runs: [Task<Void, Never>] = []
    for _ in 0..<50 {
      runs.append(
        viewModel.dispatch(
          actionId: .a, task: { await gate.passIgnoringCancellation() },
          onSuccess: { _, _ in delivered.value += 1 }))
    }
    await gate.arrivals(50)

    gate.open()
    for run in runs { run.cancel() }
    for run in runs { await run.value }

    #expect(delivered.value == 0)
    #expect(listeners.kinds(listeners.early, of: .a).filter { $0 == .cancelled }.count == 50)
    #expect(listeners.violations() == [])
    #expect(!viewModel.isLoading(for: .a))
  }

  @Test func cancelAllBeforeTheTimeoutOfWorkThatIgnoresCancellationEndsCancelledWithoutError() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let failures = AdvBox(0)
    let run = viewModel.dispatch(
      actionId: .a, timeout: .seconds(1), task: { await gate.passIgnoringCancellation() },
      onFailure: { _, _ in failures.value += 1 })
    await gate.arrivals(1)

    viewModel.cancelAll()
    await clock.advance(by: .seconds(5))
    gate.open()
    await run.value

    #expect(viewModel.errorMessage(for: .a) == nil)
    #expect(failures.value == 0)
    #expect(!viewModel.hookLog.contains("error(a)"))
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .cancelled])
    #expect(listeners.phases[.a] == ["started", "cancelled", "finished"])
  }

  @Test func aTimeoutEndsTheRunAtItsDeadlineEvenWhenTheWorkIgnoresCancellation() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let delivered = AdvBox(false)
    let run = viewModel.dispatch(
      actionId: .a, timeout: .seconds(2), task: { await gate.passIgnoringCancellation() },
      onSuccess: { _, _ in delivered.value = true })
    await gate.arrivals(1)

    await clock.advance(by: .seconds(2))

    #expect(viewModel.failure(for: .a) as? ActionTimeoutError == ActionTimeoutError(timeout: .seconds(2)))
    #expect(!viewModel.isLoading(for: .a), "the timeout did not end the run while its work ran on")
    gate.open()
    await run.value
    #expect(!delivered.value)
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .failed])
    #expect(listeners.violations() == [])
  }

  @Test func cancellingAttemptTwoWhoseWorkThrowsLaterStartsNoThirdAttempt() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let attempts = AdvBox(0)
    let run = viewModel.dispatch(
      actionId: .a, retry: .exponential(maxAttempts: 5),
      task: { () async throws -> Int in
        attempts.value += 1
        if attempts.value == 2 { await gate.passIgnoringCancellation() }
        throw TestError()
      })
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(500))
    await gate.arrivals(1)

    viewModel.cancel(.a)
    gate.open()
    await run.value
    await clock.run()

    #expect(attempts.value == 2, "an attempt ran after the run was cancelled")
    #expect(viewModel.errorMessage(for: .a) == nil)
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .cancelled])
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancellingTheReturnedTaskDuringABackoffStartsNoFurtherAttemptEvenAfterClockRun() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let attempts = AdvBox(0)
    let run = viewModel.dispatch(
      actionId: .a, retry: .exponential(maxAttempts: 5),
      task: { () async throws -> Int in
        attempts.value += 1
        throw TestError()
      })
    await clock.waitForSleepers(1)

    run.cancel()
    await run.value
    await clock.run()

    #expect(attempts.value == 1)
    #expect(viewModel.errorMessage(for: .a) == nil)
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .cancelled])
  }
}
