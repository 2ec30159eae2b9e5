import ActionDispatch

/// A clock on which every sleep returns at once, moving the clock's time forward by the wait.
///
/// For tests that do not care about timing but must not wait: retry backoff, `Retry-After`,
/// rate-limit resets. Use ``TestClock`` when a test needs to act during the wait.
///
/// ```swift
/// // Retry backoffs take no time: the run ends after its last attempt at once.
/// let viewModel = SearchViewModel(service: MockSearchService(), clock: ImmediateClock())
/// ```
public final class ImmediateClock: Clock, Sendable {
  /// The instant type: a test clock instant.
  public typealias Instant = TestClock.Instant

  private let state = LockedState(Instant())

  /// Creates a clock at offset zero.
  public init() {}

  /// The current instant: the sum of every wait so far.
  public var now: Instant {
    state.withLock { $0 }
  }

  /// The smallest step the clock can take: zero.
  public var minimumResolution: Duration { .zero }

  /// Returns at once (after checking for cancellation), moving the clock to the deadline.
  ///
  /// - Parameters:
  ///   - deadline: The instant the caller wanted to wake at.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    state.withLock { now in
      if deadline > now { now = deadline }
    }
    await Task.yield()
  }
}
