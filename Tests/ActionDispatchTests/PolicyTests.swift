import ActionDispatch
import ActionDispatchTesting
import Testing

@MainActor
@Suite(.serialExecutor) struct PolicyTests {
  @Test func ignoreWhileRunningDropsASecondDispatch() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    let gate = Gate()
    let first = viewModel.dispatch(
      actionId: .save, policy: .ignoreWhileRunning,
      task: {
        try await gate.pass()
        return 1
      })
    let second = viewModel.dispatch(actionId: .save, policy: .ignoreWhileRunning, task: { 2 })
    await second.value
    gate.open()
    await first.value
    #expect(recorder.events == [.started(.save), .dropped(.save), .succeeded(.save)])
    #expect(viewModel.log.contains("hook.onSuccess(save, 1)"))
    #expect(!viewModel.log.contains("hook.onSuccess(save, 2)"))
  }

  @Test func enqueueRunsOneAfterAnotherInOrder() async {
    let viewModel = TestViewModel()
    let gate = Gate()
    var order: [Int] = []
    let runs = (1...5).map { number in
      viewModel.dispatch(
        actionId: .save, policy: .enqueue,
        task: {
          if number == 1 { try await gate.pass() }
          order.append(number)
          return number
        })
    }
    await gate.arrivals(1)
    #expect(order.isEmpty, "later runs must wait for the first")
    gate.open()
    for run in runs { await run.value }
    #expect(order == [1, 2, 3, 4, 5])
    #expect(!viewModel.isLoading(for: .save))
  }

  @Test func cancelledQueuedRunNeverExecutes() async {
    let viewModel = TestViewModel()
    let gate = Gate()
    var executed: [Int] = []
    let first = viewModel.dispatch(
      actionId: .save, policy: .enqueue,
      task: {
        try await gate.pass()
        executed.append(1)
      })
    let second = viewModel.dispatch(actionId: .save, policy: .enqueue, task: { executed.append(2) })
    viewModel.cancel(.save)
    gate.open()
    await first.value
    await second.value
    #expect(executed.isEmpty)
  }

  @Test func debounceRunsOnlyTheLastDispatchAfterTheQuietPeriod() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    let recorder = EventRecorder(viewModel)
    var sent: [String] = []
    var runs: [Task<Void, Never>] = []
    for query in ["o", "oc", "oct"] {
      runs.append(
        viewModel.dispatch(
          actionId: .search, policy: .debounce(.milliseconds(300)),
          task: {
            sent.append(query)
            return query
          }
        ) { _, value in viewModel.log.append("result(\(value))") })
    }
    #expect(viewModel.isLoading(for: .search))
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(299))
    #expect(sent.isEmpty)
    await clock.advance(by: .milliseconds(1))
    for run in runs { await run.value }
    #expect(sent == ["oct"])
    #expect(viewModel.log.filter { $0.hasPrefix("result") } == ["result(oct)"])
    #expect(
      recorder.events == [
        .started(.search), .started(.search), .cancelled(.search), .started(.search), .cancelled(.search),
        .succeeded(.search),
      ])
  }

  @Test func retryTriesAgainWithBackoffOnTheInjectedClock() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    let attempts = Stub<Void, Int> { _ in 0 }
    attempts.fail(with: TestError())
    let run = viewModel.dispatch(
      actionId: .load, retry: RetryPolicy(maxAttempts: 3, initialBackoff: .seconds(1)),
      task: { try await attempts() })
    await clock.waitForSleepers(1)
    #expect(attempts.callCount == 1)
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(1)
    #expect(attempts.callCount == 2)
    attempts.succeed(with: 5)
    await clock.advance(by: .seconds(2))
    await run.value
    #expect(attempts.callCount == 3)
    #expect(viewModel.errorMessage(for: .load) == nil)
    #expect(viewModel.log.contains("hook.onSuccess(load, 5)"))
  }

  @Test func retryGivesUpAfterMaxAttemptsAndReportsTheLastError() async {
    let viewModel = TestViewModel(clock: ImmediateClock())
    let attempts = Stub<Void, Int>(throwing: TestError(message: "still down"))
    await viewModel.dispatch(actionId: .load, retry: .exponential(maxAttempts: 4), task: { try await attempts() }).value
    #expect(attempts.callCount == 4)
    #expect(viewModel.errorMessage(for: .load) == "still down")
  }

  @Test func retrySkipsErrorsThePolicyRejects() async {
    let viewModel = TestViewModel(clock: ImmediateClock())
    let attempts = Stub<Void, Int>(throwing: TestError(message: "bad input"))
    let policy = RetryPolicy.exponential(maxAttempts: 5) { ($0 as? TestError)?.message != "bad input" }
    await viewModel.dispatch(actionId: .load, retry: policy, task: { try await attempts() }).value
    #expect(attempts.callCount == 1)
  }

  @Test func backoffGrowsAndIsCapped() {
    let policy = RetryPolicy(maxAttempts: 10, initialBackoff: .seconds(1), multiplier: 2, maxBackoff: .seconds(5))
    #expect((1...5).map(policy.backoff(after:)) == [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)])
  }

  @Test func timeoutFailsTheRunAndCancelsItsWork() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    let gate = Gate()
    let run = viewModel.dispatch(
      actionId: .load, timeout: .seconds(10),
      task: {
        try await gate.pass()
        return 1
      })
    await gate.arrivals(1)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(10))
    await run.value
    #expect(viewModel.failure(for: .load) as? ActionTimeoutError == ActionTimeoutError(timeout: .seconds(10)))
    #expect(!viewModel.isLoading(for: .load))
    #expect(run.isCancelled)
  }
}
