import ActionDispatch
import ActionDispatchTesting
import Testing

/// An actor to hop through between two sleeps, as a service call would.
private actor Hops {
  var count = 0
  func hop() { count += 1 }
}

/// `TestClock`'s `run()` skips every wait of a view model however many there are: retry backoffs
/// whose work hops through an actor, and every kind of timer at its exact instant.
@MainActor
extension RetryTests {
  /// TestingAViewModel.md: "To skip every wait however many there are — every retry backoff up
  /// to the last attempt — call `run(maxSteps:)` … clock.now is exactly 7.5 s", with a mock
  /// service that is an actor and hops through it between attempts.
  @Test func runSkipsEveryBackoffWhenTheWorkHopsThroughAnActorBeforeFailing() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let hops = Hops()
    let attempts = AdvBox(0)
    let run = viewModel.dispatch(
      actionId: .a, retry: .exponential(maxAttempts: 5),
      task: { () async throws -> Int in
        attempts.value += 1
        for _ in 0..<40 { await hops.hop() }
        throw TestError()
      })
    await clock.waitForSleepers(1)
    await clock.run()
    #expect(attempts.value == 5)
    #expect(clock.now.offset == .milliseconds(7_500))
    viewModel.cancel(.a)  // a run that run() left in a backoff would otherwise never end
    await run.value
  }

  @Test func theViewModelsTimersAllFireAtTheirExactInstantsUnderRun() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let log = AdvBox<[String]>([])
    let retrying = viewModel.dispatch(
      actionId: .a, retry: RetryPolicy(maxAttempts: 3, initialBackoff: .seconds(2)),
      task: { () async throws -> Int in
        log.value.append("a@\(clock.now.offset.components.seconds)")
        throw TestError()
      })
    let debounced = viewModel.dispatch(
      actionId: .b, policy: .debounce(.seconds(5)),
      task: { () async throws -> Int in
        log.value.append("b@\(clock.now.offset.components.seconds)")
        return 1
      })
    let timedOut = viewModel.dispatch(
      actionId: .c, timeout: .seconds(3),
      task: { () async throws -> Int in
        try await clock.sleep(for: .seconds(100))
        return 1
      })
    await clock.waitForSleepers(3)
    await clock.run()
    await retrying.value
    await debounced.value
    await timedOut.value
    #expect(log.value == ["a@0", "a@2", "b@5", "a@6"])
    #expect(viewModel.failure(for: .c) is ActionTimeoutError)
    #expect(clock.now.offset == .seconds(6))
  }
}
