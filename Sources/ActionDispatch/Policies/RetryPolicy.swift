/// How a failed run is retried before its error is delivered.
///
/// Attempts are spaced by exponential backoff on the view model's clock, so tests drive
/// them with a manual clock instead of sleeping.
///
/// ```swift
/// dispatch(actionId: .refresh, retry: .exponential(maxAttempts: 3)) { [service] in
///   try await service.refresh()
/// }
/// ```
///
/// Cancellation is never retried: a cancelled run ends at once.
public struct RetryPolicy: Sendable {
  /// The total number of attempts, the first included. Below 1, one attempt is made.
  public var maxAttempts: Int
  /// The wait before the second attempt.
  public var initialBackoff: Duration
  /// The factor each later wait is multiplied by.
  public var multiplier: Double
  /// The longest wait between two attempts.
  public var maxBackoff: Duration
  /// Decides whether an error is worth another attempt.
  public var shouldRetry: @Sendable (any Error) -> Bool

  /// Creates a retry policy.
  ///
  /// No value stops the process: a `maxAttempts` below 1 makes one attempt (no retry), a
  /// `multiplier` below 1 or not a number keeps every wait at `initialBackoff`, an infinite one
  /// goes straight to `maxBackoff`, and a negative wait counts as zero. The same holds for
  /// values set on the properties later.
  ///
  /// - Parameters:
  ///   - maxAttempts: The total number of attempts, the first included; at least 1.
  ///   - initialBackoff: The wait before the second attempt.
  ///   - multiplier: The factor each later wait is multiplied by; at least 1.
  ///   - maxBackoff: The longest wait between two attempts.
  ///   - shouldRetry: Decides whether an error is worth another attempt; every error by default.
  public init(
    maxAttempts: Int,
    initialBackoff: Duration = .milliseconds(500),
    multiplier: Double = 2,
    maxBackoff: Duration = .seconds(30),
    shouldRetry: @escaping @Sendable (any Error) -> Bool = { _ in true }
  ) {
    self.maxAttempts = maxAttempts
    self.initialBackoff = initialBackoff
    self.multiplier = multiplier
    self.maxBackoff = maxBackoff
    self.shouldRetry = shouldRetry
  }

  /// Exponential backoff: 0.5 s, 1 s, 2 s, … capped at 30 s.
  ///
  /// - Parameters:
  ///   - maxAttempts: The total number of attempts, the first included.
  ///   - shouldRetry: Decides whether an error is worth another attempt.
  /// - Returns: The policy.
  public static func exponential(
    maxAttempts: Int,
    shouldRetry: @escaping @Sendable (any Error) -> Bool = { _ in true }
  ) -> RetryPolicy {
    RetryPolicy(maxAttempts: maxAttempts, shouldRetry: shouldRetry)
  }

  /// The wait after the given failed attempt (1-based): `initialBackoff` times `multiplier` for
  /// each attempt after the first, at most `maxBackoff`, never negative.
  ///
  /// - Parameter attempt: The attempt that just failed, starting at 1.
  /// - Returns: How long to wait before the next attempt.
  public func backoff(after attempt: Int) -> Duration {
    let cap = max(maxBackoff, .zero)
    var wait = min(max(initialBackoff, .zero), cap)
    // Not `Duration * Double`, which stops the process on an infinite or NaN product.
    let factor = multiplier >= 1 ? multiplier : 1
    let capSeconds = Self.seconds(cap)
    var step = 1
    while step < attempt, factor > 1, .zero < wait, wait < cap {
      let next = Self.seconds(wait) * factor
      guard next < capSeconds else { return cap }
      wait = .seconds(next)
      step += 1
    }
    return wait
  }

  /// A duration in seconds, as a `Double`.
  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
