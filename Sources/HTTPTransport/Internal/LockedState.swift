import Foundation

/// A value behind a lock: the module's one `@unchecked Sendable` box for shared mutable state.
///
/// The client's own, so that it imports no view-model framework. Every access goes through
/// ``withLock(_:)``; work that must not block (resuming a continuation) happens after it returns.
final class LockedState<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value; `body` must not call back into this box.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
