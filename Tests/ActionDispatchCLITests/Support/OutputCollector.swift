import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Collects what a child process writes to a pipe or a pseudo-terminal, as it comes, and lets a
/// test await a condition on it (such as "the header and 100 rows are there") without sleeping.
///
/// The descriptor is read with blocking `read(2)` calls on a thread of its own, until end of
/// file or an error (a pseudo-terminal reports `EIO` once the child's side is closed). Not on
/// the Swift concurrency pool, and not on Dispatch's global queues either: dozens of blocked
/// readers there starve URLSession, which runs on Dispatch, in the tests running alongside.
final class OutputCollector: Sendable {
  private struct Waiter {
    let isSatisfied: @Sendable (String) -> Bool
    let continuation: CheckedContinuation<String, Never>
  }

  private struct State {
    var data = Data()
    var isFinished = false
    var waiters: [Waiter] = []
  }

  private let state = Locked(State())

  /// Starts reading a descriptor until end of file.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor to read.
  ///   - owner: Kept alive while reading, such as the `FileHandle` that closes the descriptor.
  init(reading fileDescriptor: Int32, keepingAlive owner: (any Sendable)? = nil) {
    let thread = Thread { [state] in
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        let chunk = count > 0 ? Data(buffer[0..<count]) : Data()
        let ready = state.withLock { state -> [(CheckedContinuation<String, Never>, String)] in
          if chunk.isEmpty {
            state.isFinished = true
          } else {
            state.data.append(chunk)
          }
          let text = String(decoding: state.data, as: UTF8.self)
          let isDone = { (waiter: Waiter) in state.isFinished || waiter.isSatisfied(text) }
          let done = state.waiters.filter(isDone)
          state.waiters.removeAll(where: isDone)
          return done.map { ($0.continuation, text) }
        }
        for (continuation, text) in ready { continuation.resume(returning: text) }
        if chunk.isEmpty { break }
      }
      withExtendedLifetime(owner) {}
    }
    thread.name = "OutputCollector fd \(fileDescriptor)"
    thread.start()
  }

  private init(finished: Void) {
    state.withLock { $0.isFinished = true }
  }

  /// A collector of nothing, for a stream that is not collected.
  static func empty() -> OutputCollector {
    OutputCollector(finished: ())
  }

  /// Everything read so far, as UTF-8.
  var text: String {
    state.withLock { String(decoding: $0.data, as: UTF8.self) }
  }

  /// Waits until the text read so far satisfies `condition`, or the stream ends.
  ///
  /// - Parameter condition: Checked after every chunk.
  /// - Returns: The text at that moment; check it, since the stream may have ended first.
  func wait(until condition: @escaping @Sendable (String) -> Bool) async -> String {
    await withCheckedContinuation { continuation in
      let immediate = state.withLock { state -> String? in
        let text = String(decoding: state.data, as: UTF8.self)
        if state.isFinished || condition(text) { return text }
        state.waiters.append(Waiter(isSatisfied: condition, continuation: continuation))
        return nil
      }
      if let immediate { continuation.resume(returning: immediate) }
    }
  }

  /// Waits for the end of the stream and returns everything.
  func waitForEnd() async -> String {
    await wait(until: { _ in false })
  }
}
