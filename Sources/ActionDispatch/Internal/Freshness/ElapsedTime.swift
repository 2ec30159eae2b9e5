/// Reads a clock as time elapsed since a start, whatever the clock's instant type: how the view
/// model measures freshness on its own clock (a `TestClock` in tests).
final class ElapsedTime: Sendable {
  private let read: @Sendable () -> Duration

  /// Starts counting now on `clock`.
  init<C: Clock<Duration>>(_ clock: C) {
    let start = clock.now
    read = { start.duration(to: clock.now) }
  }

  /// Nanoseconds since the start.
  func now() -> Int64 {
    read().wholeNanoseconds
  }
}

extension Duration {
  /// The duration in whole nanoseconds, saturating: a window of centuries is a long one.
  var wholeNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    guard seconds < Int64.max / 1_000_000_000 else { return .max }
    guard seconds > -(Int64.max / 1_000_000_000) else { return .min }
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
