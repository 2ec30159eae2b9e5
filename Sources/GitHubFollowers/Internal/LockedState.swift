import Foundation

/// A value behind a lock: the one place in this module that is `@unchecked Sendable`.
///
/// Every access goes through ``withLock(_:)``, so the value is never touched by two threads at once.
final class LockedState<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
