/// Numbers for the tasks a clock or a gate keeps waiting: 0, 1, 2, … in the order they are taken.
///
/// ``TestClock`` numbers its sleepers and ``Gate`` its passers with one, kept in their
/// `LockedState`, so that a cancelled task can find and remove its own entry; the clock also
/// reads ``next`` to see whether anything slept on it since it last looked.
struct IDCounter: Sendable {
  /// The number the next ``take()`` returns: how many have been taken.
  private(set) var next: UInt64 = 0

  /// Returns the next number and counts it as taken.
  mutating func take() -> UInt64 {
    defer { next += 1 }
    return next
  }
}
