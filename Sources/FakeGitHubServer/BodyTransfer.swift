import Foundation

/// What became of a raw answer's body: how much of it the server sent, and whether the client
/// read it to the end or closed the connection first.
///
/// Pass one to an answer that takes it (``FakeResponse/gzipBomb(inflatedSize:transfer:status:location:)``) and
/// await ``ended()``: a test sees that a client cancelled a transfer it refused — the server
/// sent a small part of the body, then found the connection closed — without timing anything.
///
/// ```swift
/// let transfer = BodyTransfer()
/// server.respond(to: "/users/octocat", with: .gzipBomb(inflatedSize: 16 << 30, transfer: transfer))
/// // ... the client refuses the body ...
/// let end = await transfer.ended()
/// #expect(!end.completed && end.bytesSent < end.bodySize / 4)
/// ```
package final class BodyTransfer: Sendable {
  /// How a transfer ended.
  package struct End: Sendable, Equatable {
    /// The body bytes written to the connection (the kernel may still have held some of them).
    package var bytesSent: Int
    /// The size of the whole body.
    package var bodySize: Int
    /// Whether the whole body was written; `false` when the client closed the connection (or
    /// the server stopped) first.
    package var completed: Bool
  }

  private struct State {
    var bytesSent = 0
    var bodySize = 0
    var end: End?
    var waiters: [CheckedContinuation<End, Never>] = []
  }

  private let state = LockBox(State())

  /// Creates a record of a transfer that has not started.
  package init() {}

  /// The body bytes written so far.
  package var bytesSent: Int {
    state.withLock { $0.bytesSent }
  }

  /// Waits until the transfer ends: the whole body was written, or the connection closed.
  ///
  /// - Returns: How it ended.
  package func ended() async -> End {
    await withCheckedContinuation { continuation in
      let end = state.withLock { state -> End? in
        if let end = state.end { return end }
        state.waiters.append(continuation)
        return nil
      }
      if let end { continuation.resume(returning: end) }
    }
  }

  func start(bodySize: Int) {
    state.withLock { $0.bodySize = bodySize }
  }

  func sent(_ count: Int) {
    state.withLock { $0.bytesSent += count }
  }

  func finish(completed: Bool) {
    let (end, waiters) = state.withLock { state -> (End, [CheckedContinuation<End, Never>]) in
      let end = state.end ?? End(bytesSent: state.bytesSent, bodySize: state.bodySize, completed: completed)
      state.end = end
      defer { state.waiters.removeAll() }
      return (end, state.waiters)
    }
    for waiter in waiters { waiter.resume(returning: end) }
  }
}
