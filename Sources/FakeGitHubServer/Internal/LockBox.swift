import Foundation

/// A value guarded by a condition lock: the only `@unchecked Sendable` type in the module.
///
/// Every read and write of the wrapped value goes through ``withLock(_:)``; threads that must
/// wait for the value to change (an interruptible sleep, `stop()` waiting for the listener)
/// use ``wait(until:for:)``, and writers wake them with ``withLockBroadcasting(_:)``.
///
/// Not the package's `LockedState`: the server's threads block on a condition here, which no
/// async code may do, and the fake server depends on nothing but Foundation.
final class LockBox<Value: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try condition.withLock { try body(&value) }
  }

  /// Runs `body` with exclusive access to the value, then wakes every waiter (still holding the
  /// lock, as `NSCondition` asks).
  func withLockBroadcasting<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try condition.withLock {
      defer { condition.broadcast() }
      return try body(&value)
    }
  }

  /// Blocks until `predicate` holds or `deadline` passes, and returns whether it holds.
  func wait(until deadline: ContinuousClock.Instant, for predicate: (Value) -> Bool) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while !predicate(value) {
      let remaining = ContinuousClock.now.duration(to: deadline)
      if remaining <= .zero { return false }
      _ = condition.wait(until: Date(timeIntervalSinceNow: remaining.timeInterval))
    }
    return true
  }
}

extension Duration {
  /// The duration in seconds, as Foundation counts time.
  var timeInterval: TimeInterval {
    let parts = components
    return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
  }
}
