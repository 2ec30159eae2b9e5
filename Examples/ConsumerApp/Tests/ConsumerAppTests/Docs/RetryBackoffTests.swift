import ActionDispatch
import ActionDispatchTesting
import Testing

@testable import ConsumerApp

/// "Driving time" in "Testing a view model": `TestClock.run()` skips every backoff.
@MainActor
@Suite(.serialExecutor) struct RetryBackoffTests {
  @Test func runSkipsEveryBackoffUpToTheLastAttempt() async {
    let clock = TestClock()
    let viewModel = BaseViewModel<ProfileAction>(clock: clock)
    let stub = Stub<Void, Int>(throwing: StubError("offline"))
    // snippet: retry-backoff
    let run = viewModel.dispatch(actionId: .load, retry: .exponential(maxAttempts: 5), task: { try await stub() })
    await clock.waitForSleepers(1)  // the first backoff
    await clock.run()  // 0.5 s + 1 s + 2 s + 4 s: clock.now is exactly 7.5 s
    await run.value
    // end snippet: retry-backoff
    #expect(clock.now.offset == .milliseconds(7500))
    #expect(stub.callCount == 5)
  }
}
