import ActionDispatch
import ActionDispatchTesting
import Testing

/// `.joinRunning` with the other options: retry, timeout, optimistic, streaming, keyed actions.
@MainActor
@Suite(.serialExecutor) struct JoinRunningOptionsTests {
  /// A joiner that stays gets the retried run's value; one that cancels during the backoff is
  /// told nothing, and the run goes on for the first caller. Either way the joiner starts no attempt.
  @Test(arguments: [false, true])
  func aJoinerDuringTheRunsBackoff(leaves: Bool) async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    var attempts = 0
    var received: [Int] = []
    let work: @MainActor () async throws -> Int = {
      attempts += 1
      if attempts < 2 { throw TestError() }
      return attempts
    }
    let retry = RetryPolicy(maxAttempts: 3, initialBackoff: .seconds(1))
    let first = viewModel.dispatch(actionId: .load, policy: .joinRunning, retry: retry, task: work) { _, value in
      received.append(value)
    }
    await clock.waitForSleepers(1)
    let second = viewModel.dispatch(actionId: .load, policy: .joinRunning, task: work) { _, value in
      received.append(value * 10)
    }
    if leaves {
      second.cancel()
      await second.value
    }
    await clock.advance(by: .seconds(1))
    await first.value
    await second.value
    #expect(attempts == 2, "one run, retried once")
    #expect(received == (leaves ? [2] : [2, 20]))
  }

  @Test func theLastCallerLeavingDuringABackoffCancelsTheRunAndStartsNoAttempt() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    let recorder = EventRecorder(viewModel)
    var attempts = 0
    let run = viewModel.dispatch(
      actionId: .load, policy: .joinRunning, retry: RetryPolicy(maxAttempts: 3, initialBackoff: .seconds(1)),
      task: { () async throws -> Int in
        attempts += 1
        throw TestError()
      })
    await clock.waitForSleepers(1)
    run.cancel()
    await run.value
    #expect(!viewModel.isLoading(for: .load))
    await clock.advance(by: .seconds(5))
    #expect(attempts == 1)
    #expect(recorder.events == [.started(.load), .cancelled(.load)])
  }

  @Test func aTimeoutFailsTheRunForEveryCaller() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    let gate = Gate()
    var failures: [String] = []
    let work: @MainActor () async throws -> Int = {
      try await gate.pass()
      return 1
    }
    let first = viewModel.dispatch(
      actionId: .load, policy: .joinRunning, timeout: .seconds(5), task: work,
      onFailure: { _, error in failures.append("first \(error is ActionTimeoutError)") })
    let second = viewModel.dispatch(
      actionId: .load, policy: .joinRunning, task: work,
      onFailure: { _, error in failures.append("second \(error is ActionTimeoutError)") })
    await clock.advance(by: .seconds(5))
    await first.value
    await second.value
    #expect(failures == ["first true", "second true"])
  }

  @Test func anOptimisticChangeIsMadeOncePerRunAndRolledBackOnce() async {
    let viewModel = StarViewModel()
    let gate = Gate()
    let work: @MainActor (Bool) async throws -> Void = { _ in
      try await gate.pass()
      throw TestError()
    }
    let first = viewModel.toggle(policy: .joinRunning, work: work)
    let second = viewModel.toggle(policy: .joinRunning, work: work)
    #expect(viewModel.changesMade == 1, "the joiner's change is never made")
    #expect(viewModel.starred)
    gate.open()
    await first.value
    await second.value
    #expect(viewModel.rollbacks == 1)
    #expect(!viewModel.starred)
  }

  @Test func aStreamingJoinerReceivesTheElementsFromTheMomentItJoins() async {
    let viewModel = TestViewModel()
    let firstInbox = Inbox<Int>()
    let secondInbox = Inbox<Int>()
    let (stream, input) = AsyncStream.makeStream(of: Int.self)
    let first = viewModel.dispatch(actionId: .load, policy: .joinRunning, elements: { stream }) { _, value in
      firstInbox.append(value)
    }
    input.yield(1)
    await firstInbox.arrivals(1)
    let second = viewModel.dispatch(actionId: .load, policy: .joinRunning, elements: { stream }) { _, value in
      secondInbox.append(value)
    }
    input.yield(2)
    input.finish()
    await first.value
    await second.value
    #expect(firstInbox.values == [1, 2])
    #expect(secondInbox.values == [2])
  }

  @Test func keyedActionsShareOnlyTheirOwnKeysRun() async {
    let viewModel = RowViewModel()
    let gate = Gate()
    var calls: [Int] = []
    func load(_ row: Int) -> Task<Void, Never> {
      viewModel.dispatch(
        actionId: .row(row), policy: .joinRunning,
        task: {
          calls.append(row)
          try await gate.pass()
        })
    }
    let runs = [load(1), load(2), load(1), load(2), load(1)]
    await gate.arrivals(2)
    gate.open()
    for run in runs { await run.value }
    #expect(calls == [1, 2], "one run per key")
    #expect(!viewModel.isAnyLoading)
  }

  @Test func aJoinerOfAnotherResultTypeGetsAClearErrorInsteadOfAValue() async {
    let viewModel = TestViewModel()
    let gate = Gate()
    var failure: (any Error)?
    let first = viewModel.dispatch(
      actionId: .load, policy: .joinRunning,
      task: {
        try await gate.pass()
        return 1
      })
    let second = viewModel.dispatch(
      actionId: .load, policy: .joinRunning, task: { "text" }, onSuccess: { _, _ in Issue.record("mistyped value") },
      onFailure: { _, error in failure = error })
    gate.open()
    await first.value
    await second.value
    #expect(failure is UnexpectedResultTypeError)
  }
}
