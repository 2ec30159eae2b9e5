import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Collects what a child process writes to a pipe or a pseudo-terminal, as it comes, and lets a
/// test await a condition on it (such as "the header and 100 rows are there") without sleeping.
///
/// The descriptor is read on a thread of its own, until end of file or an error (a
/// pseudo-terminal reports `EIO` once the child's side is closed). Not on the Swift concurrency
/// pool, and not on Dispatch's global queues either: dozens of blocked readers there starve
/// URLSession, which runs on Dispatch, in the tests running alongside.
///
/// End of file alone is not trusted to come: a sibling child spawned at the same moment by
/// another test can inherit the write end and hold it open, and a pseudo-terminal whose other
/// side is gone does not always report it. So the reader polls, and once ``childExited()``
/// has been called it stops at the first moment nothing more is readable: everything the child
/// wrote is in the kernel's buffer by the time it exits.
final class OutputCollector: Sendable {
  private struct Waiter {
    let isSatisfied: @Sendable (String) -> Bool
    let continuation: CheckedContinuation<String, Never>
  }

  private struct State {
    var data = Data()
    var isFinished = false
    var childHasExited = false
    var waiters: [Waiter] = []
  }

  private let state = Locked(State())

  /// Starts reading a descriptor until end of file, or until the child exited and nothing is left.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor to read.
  ///   - owner: Kept alive while reading, such as the `FileHandle` that closes the descriptor.
  init(reading fileDescriptor: Int32, keepingAlive owner: (any Sendable)? = nil) {
    let thread = Thread { [state] in
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        var request = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, 50)
        if ready < 0, errno == EINTR { continue }
        var chunk = Data()
        if ready == 0 {
          // Nothing to read: done if the child is gone, else keep waiting.
          guard state.withLock({ $0.childHasExited }) else { continue }
        } else {
          let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
          if count < 0, errno == EINTR { continue }
          if count > 0 { chunk = Data(buffer[0..<count]) }
        }
        let finished = chunk.isEmpty
        let resumable = state.withLock { state -> [(CheckedContinuation<String, Never>, String)] in
          if finished {
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
        for (continuation, text) in resumable { continuation.resume(returning: text) }
        if finished { break }
      }
      withExtendedLifetime(owner) {}
    }
    thread.name = "OutputCollector fd \(fileDescriptor)"
    thread.start()
  }

  /// Tells the reader that the child has exited: it stops once nothing more is readable.
  func childExited() {
    state.withLock { $0.childHasExited = true }
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
