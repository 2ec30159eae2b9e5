import ActionDispatch
import ActionDispatchTesting
import Testing

/// `RetryPolicy.init`: "No value stops the process: a `maxAttempts` below 1 makes one attempt
/// (no retry), a `multiplier` below 1 or not a number keeps every wait at `initialBackoff`, an
/// infinite one goes straight to `maxBackoff`, and a negative wait counts as zero."
@MainActor
@Suite(.serialExecutor) struct RetryPolicyValuesTests {
  @Test(arguments: [0, -3, Int.min])
  func aMaxAttemptsBelowOneMakesOneAttemptAndReportsItsError(maxAttempts: Int) async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let attempts = AdvBox(0)
    await viewModel.dispatchAndWait(
      actionId: .a, retry: RetryPolicy(maxAttempts: maxAttempts),
      task: { () async throws -> Int in
        attempts.value += 1
        throw TestError()
      })
    #expect(attempts.value == 1)
    #expect(viewModel.errorMessage(for: .a) == TestError().message)
    #expect(!viewModel.isLoading(for: .a))
  }

  @Test func aMultiplierThatIsNotANumberOrBelowOneKeepsTheFirstWait() {
    let multipliers: [Double] = [.nan, 0.5, 0, -2, -.infinity]
    for multiplier in multipliers {
      let policy = RetryPolicy(maxAttempts: 5, initialBackoff: .seconds(2), multiplier: multiplier)
      let waits: [Duration] = (1...5).map { policy.backoff(after: $0) }
      #expect(waits == Array(repeating: Duration.seconds(2), count: 5), "\(multiplier)")
    }
  }

  @Test func anInfiniteOrHugeMultiplierGoesStraightToTheLongestWait() {
    let multipliers: [Double] = [.infinity, .greatestFiniteMagnitude, 1e300]
    for multiplier in multipliers {
      let policy = RetryPolicy(maxAttempts: 5, initialBackoff: .seconds(1), multiplier: multiplier)
      #expect(policy.backoff(after: 1) == .seconds(1))
      #expect(policy.backoff(after: 2) == .seconds(30), "\(multiplier)")
    }
  }

  @Test func negativeWaitsCountAsZeroAndAHugeAttemptNumberReturnsAtOnce() {
    let negative = RetryPolicy(maxAttempts: 3, initialBackoff: .seconds(-1))
    #expect(negative.backoff(after: 1) == .zero)
    #expect(negative.backoff(after: Int.max) == .zero)
    let negativeCap = RetryPolicy(maxAttempts: 3, initialBackoff: .seconds(1), maxBackoff: .seconds(-5))
    #expect(negativeCap.backoff(after: 2) == .zero)
    #expect(RetryPolicy.exponential(maxAttempts: 3).backoff(after: Int.max) == .seconds(30))
  }

  @Test func valuesSetOnThePropertiesLaterAreReadTheSameWay() {
    var policy = RetryPolicy.exponential(maxAttempts: 3)
    policy.multiplier = .nan
    policy.initialBackoff = .seconds(-3)
    #expect(policy.backoff(after: 4) == .zero)
    policy.initialBackoff = .milliseconds(500)
    policy.multiplier = 3
    #expect(policy.backoff(after: 3) == .milliseconds(4_500))
  }
}
