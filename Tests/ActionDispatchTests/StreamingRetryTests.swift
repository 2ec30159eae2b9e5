import ActionDispatch
import ActionDispatchTesting
import Testing

/// A page stream that fails after its first pages on the attempts a test chooses.
@MainActor
private final class FlakyPages {
  var attempts = 0
  let failingAttempts: Set<Int>

  init(failingAttempts: Set<Int>) {
    self.failingAttempts = failingAttempts
  }

  /// Attempt n yields 1 and 2, then fails if n is a failing attempt, else yields 3 and finishes.
  func make() -> AsyncThrowingStream<Int, any Error> {
    attempts += 1
    let fails = failingAttempts.contains(attempts)
    let attempt = attempts
    return AsyncThrowingStream { continuation in
      continuation.yield(1)
      continuation.yield(2)
      if fails {
        continuation.finish(throwing: TestError(message: "attempt \(attempt) failed"))
      } else {
        continuation.yield(3)
        continuation.finish()
      }
    }
  }
}

/// `dispatch(actionId:policy:staleTime:supersedes:retry:timeout:optimistic:elements:onElement:)`: "a sequence that throws is made
/// again (`elements` is called again) after the policy's backoff and iterated from its start …
/// the elements of every attempt are delivered"; "A retried stream is one run: `started` once,
/// one end, and the `timeout` covers all its attempts".
@MainActor
@Suite(.serialExecutor) struct StreamingRetryTests {
  @Test func aFailedStreamIsMadeAgainAfterTheBackoffAndDeliveredFromItsStart() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    let recorder = EventRecorder(viewModel)
    let pages = FlakyPages(failingAttempts: [1])
    var received: [Int] = []
    let run = viewModel.dispatch(
      actionId: .load, retry: RetryPolicy(maxAttempts: 3, initialBackoff: .seconds(1)),
      elements: { pages.make() }
    ) { _, page in received.append(page) }
    await clock.waitForSleepers(1)  // the first attempt failed; the backoff waits
    #expect(received == [1, 2])
    #expect(viewModel.isLoading(for: .load) && viewModel.errorMessage(for: .load) == nil)
    await clock.advance(by: .seconds(1))
    await run.value
    #expect(pages.attempts == 2)
    #expect(received == [1, 2, 1, 2, 3], "the second attempt is delivered whole, from its start")
    #expect(recorder.events == [.started(.load), .succeeded(.load)], "a retried stream is one run")
    #expect(viewModel.errorMessage(for: .load) == nil)
  }

  @Test func aStreamThatFailsEveryAttemptFailsWithTheLastError() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    let pages = FlakyPages(failingAttempts: [1, 2])
    var received: [Int] = []
    let run = viewModel.dispatch(
      actionId: .load, retry: RetryPolicy(maxAttempts: 2, initialBackoff: .seconds(1)),
      elements: { pages.make() }
    ) { _, page in received.append(page) }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await run.value
    #expect(pages.attempts == 2)
    #expect(received == [1, 2, 1, 2])
    #expect(viewModel.errorMessage(for: .load) == "attempt 2 failed")
  }

  @Test func cancellingDuringTheBackoffStartsNoFurtherAttempt() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    let pages = FlakyPages(failingAttempts: [1])
    let run = viewModel.dispatch(
      actionId: .load, retry: RetryPolicy(maxAttempts: 3, initialBackoff: .seconds(1)),
      elements: { pages.make() }
    ) { _, _ in }
    await clock.waitForSleepers(1)
    viewModel.cancel(.load)
    await clock.advance(by: .seconds(1))
    await run.value
    #expect(pages.attempts == 1)
    #expect(!viewModel.isLoading(for: .load) && viewModel.errorMessage(for: .load) == nil)
  }

  @Test func theTimeoutCoversEveryAttempt() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    let pages = FlakyPages(failingAttempts: [1, 2, 3])
    let run = viewModel.dispatch(
      actionId: .load, retry: RetryPolicy(maxAttempts: 3, initialBackoff: .seconds(2)), timeout: .seconds(3),
      elements: { pages.make() }
    ) { _, _ in }
    await clock.waitForSleepers(2)  // the timeout and the first backoff
    await clock.advance(by: .seconds(3))
    await run.value
    #expect(pages.attempts == 2, "the second attempt started at 2 s; the timeout fired at 3 s")
    #expect(viewModel.failure(for: .load) is ActionTimeoutError)
  }
}
