import Foundation

/// A value behind a lock: the package's one `@unchecked Sendable` box for shared mutable state.
///
/// Every access goes through ``withLock(_:)``, so the value is never touched by two threads at
/// once. It is `package`, not `public`: ActionDispatchTesting, GitHubFollowers and the test
/// targets share it, and no consumer of the libraries sees it. Work that must not block
/// (resuming a continuation, calling back into user code) happens after `withLock` returns,
/// with what the closure handed out.
///
/// ```swift
/// let calls = LockedState(0)
/// calls.withLock { $0 += 1 }
/// ```
package final class LockedState<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  /// Creates a box holding `value`.
  ///
  /// - Parameter value: The initial value.
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  ///
  /// - Parameter body: Reads or changes the value; it must not call back into this box.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
