import ActionDispatch
import ActionDispatchTesting
import Testing

/// `.throttle`: "runs `a` at once, then holds what arrives within 300 ms of a run's start, and
/// when the interval ends runs only the latest held dispatch"; "A held dispatch is not a run yet";
/// "`cancel(_:)` and cancelling a held dispatch's task drop it". `.debounce`: "waits for a quiet
/// period on the view model's clock". Timeout: "The longest the run may take".
@MainActor
extension ThrottleTests {
  private func at(_ milliseconds: Int) -> TestClock.Instant { .init(offset: .milliseconds(milliseconds)) }

  @Test func theDocumentedThrottleTimelineStartsEachRunAtItsExactInstant() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let starts = AdvBox<[String: Duration]>([:])
    func send(_ name: String) -> Task<Void, Never> {
      viewModel.dispatch(
        actionId: .a, policy: .throttle(.milliseconds(300)), task: { starts.value[name] = clock.now.offset })
    }
    let a = send("a")
    await clock.advance(to: at(100))
    let b = send("b")
    await clock.advance(to: at(200))
    let c = send("c")
    await b.value  // replaced: "its task complete at once"
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .succeeded, .dropped])
    await clock.advance(to: at(700))
    let d = send("d")
    await clock.advance(to: at(800))
    let e = send("e")
    await clock.advance(to: at(1_100))
    for task in [a, c, d, e] { await task.value }
    #expect(
      starts.value == ["a": .zero, "c": .milliseconds(300), "d": .milliseconds(700), "e": .milliseconds(1_000)])
    #expect(listeners.violations() == [])
  }

  @Test func cancellingAHeldDispatchsTaskDropsItAndNothingStartsAtTheIntervalEnd() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let executed = AdvBox<[Int]>([])
    let first = viewModel.dispatch(actionId: .a, policy: .throttle(.seconds(1)), task: { executed.value.append(1) })
    await first.value
    let held = viewModel.dispatch(actionId: .a, policy: .throttle(.seconds(1)), task: { executed.value.append(2) })
    held.cancel()
    await held.value
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .succeeded, .dropped])
    await clock.advance(by: .seconds(2))
    #expect(executed.value == [1], "a held dispatch whose task was cancelled still ran")
    #expect(!viewModel.isLoading(for: .a))
    #expect(listeners.violations() == [])
  }

  @Test func cancelOfTheActionDropsTheHeldDispatchAndCancelsTheRunningOneEachOnce() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let ran = AdvBox(false)
    let running = viewModel.dispatch(actionId: .a, policy: .throttle(.seconds(1)), task: { try await gate.pass() })
    await gate.arrivals(1)
    let held = viewModel.dispatch(actionId: .a, policy: .throttle(.seconds(1)), task: { ran.value = true })
    #expect(viewModel.statusLog[.a] == [true])
    viewModel.cancel(.a)
    await held.value
    await running.value
    await clock.advance(by: .seconds(3))
    #expect(!ran.value, "cancel(_:) did not drop the held dispatch")
    #expect(listeners.perRun(listeners.early, of: .a) == [[.started, .cancelled], [.dropped]])
    #expect(viewModel.statusLog[.a] == [true, false])
    #expect(listeners.violations() == [])
  }

  @Test func aHeldDispatchsTimeoutCountsFromWhenItStartsNotFromWhenItWasHeld() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    await viewModel.dispatch(actionId: .a, policy: .throttle(.milliseconds(300)), task: { 0 }).value
    await clock.advance(to: at(50))
    let result = AdvBox<Int?>(nil)
    let held = viewModel.dispatch(
      actionId: .a, policy: .throttle(.milliseconds(300)), timeout: .milliseconds(200),
      task: { () async throws -> Int in
        try await clock.sleep(until: clock.now.advanced(by: .milliseconds(100)))
        return 2
      }, onSuccess: { _, value in result.value = value })
    await clock.advance(to: at(300))  // the held dispatch starts: its 200 ms start now
    #expect(viewModel.isLoading(for: .a))
    await clock.advance(to: at(400))  // its work returns after 100 of its 200 ms
    await held.value
    #expect(result.value == 2, "the held run timed out counting the time it was held")
    #expect(viewModel.failure(for: .a) == nil)
    #expect(listeners.perRun(listeners.early, of: .a).last == [.started, .succeeded])
  }

  @Test func aHeldDispatchWithRetryAndTimeoutRetriesThenTimesOutAtItsOwnDeadline() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    await viewModel.dispatch(actionId: .a, policy: .throttle(.milliseconds(300)), task: { 0 }).value
    let attempts = AdvBox<[Duration]>([])
    let failures = AdvBox<[any Error]>([])
    let held = viewModel.dispatch(
      actionId: .a, policy: .throttle(.milliseconds(300)),
      retry: RetryPolicy(maxAttempts: 5, initialBackoff: .milliseconds(100), multiplier: 1),
      timeout: .milliseconds(250),
      task: { () async throws -> Int in
        attempts.value.append(clock.now.offset)
        throw TestError()
      }, onFailure: { _, value in failures.value.append(value) })
    await clock.advance(to: at(1_000))
    await held.value
    // Starts at 300; attempts at 300, 400, 500; the timeout fires at 550, during the third backoff.
    #expect(attempts.value == [.milliseconds(300), .milliseconds(400), .milliseconds(500)])
    #expect(failures.value.count == 1 && failures.value.first is ActionTimeoutError)
    #expect(viewModel.failure(for: .a) is ActionTimeoutError)
    #expect(listeners.perRun(listeners.early, of: .a).last == [.started, .failed])
    #expect(clock.sleeperCount == 0)
  }
}
