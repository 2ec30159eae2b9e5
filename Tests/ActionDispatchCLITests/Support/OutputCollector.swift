import ActionDispatch
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
/// another test can inherit a pipe's write end and hold it open. So the reader polls, and once
/// ``childExited()`` has been called it stops at the first poll, begun after that call, that
/// finds nothing readable: what a child writes to a pipe is in the kernel's buffer by the time
/// it exits.
///
/// Not so for a pseudo-terminal: the kernel moves what the child wrote to the primary side
/// asynchronously, so right after the exit the primary can still look empty. A terminal's
/// collector therefore reads until the primary reports `EIO` (every copy of the other side is
/// closed: ``PseudoTerminal`` opens both sides close-on-exec, so no sibling holds one), and
/// only as a safety net stops after ``terminalGrace`` with nothing readable after the exit.
final class OutputCollector: Sendable {
  /// What is being read.
  enum Source {
    /// A pipe: everything the child wrote is readable the moment it has exited.
    case pipe
    /// The primary side of a pseudo-terminal: output can arrive after the exit.
    case terminal
  }

  /// How long a terminal's collector keeps waiting for its end after the child exited,
  /// while nothing arrives.
  static let terminalGrace: Duration = .seconds(5)

  private struct Waiter {
    let isSatisfied: @Sendable (String) -> Bool
    let continuation: CheckedContinuation<String, Never>
  }

  private struct State {
    var data = Data()
    var isFinished = false
    var childExitedAt: ContinuousClock.Instant?
    var waiters: [Waiter] = []
  }

  private let state = LockedState(State())

  /// Starts reading a descriptor until end of file, or until the child exited and nothing is left.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor to read.
  ///   - source: What the descriptor is, which decides when the output has ended.
  ///   - owner: Kept alive while reading, such as the `FileHandle` that closes the descriptor.
  ///   - handle: Closed once the output has ended, so that a pipe's read end does not stay open
  ///     for as long as Foundation keeps the child's `Process` (and so its `Pipe`) alive. A run
  ///     of the suite that hung under load held 459 such descriptors with no child left.
  ///   - afterEmptyPoll: Called on the reading thread each time a poll finds nothing, before
  ///     the reader decides whether the output has ended: lets a test put a write and an exit
  ///     exactly there.
  init(
    reading fileDescriptor: Int32, from source: Source, keepingAlive owner: (any Sendable)? = nil,
    closingWhenDone handle: FileHandle? = nil, afterEmptyPoll: (@Sendable () -> Void)? = nil
  ) {
    let thread = Thread { [state] in
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        // The exit is read before the poll, never after: a child that writes and exits while
        // this thread is between an empty poll and the check would otherwise lose its output.
        let exitedBeforePoll = state.withLock { $0.childExitedAt }
        var request = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, 50)
        if ready < 0, errno == EINTR { continue }
        var chunk = Data()
        if ready == 0 {
          afterEmptyPoll?()
          // Nothing to read: done if the child was gone before the poll began (and, for a
          // terminal, has been for a while), else keep waiting.
          guard let exited = exitedBeforePoll else { continue }
          if source == .terminal, ContinuousClock.now - exited < Self.terminalGrace { continue }
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
      try? handle?.close()
      withExtendedLifetime(owner) {}
    }
    thread.name = "OutputCollector fd \(fileDescriptor)"
    thread.start()
  }

  /// Tells the reader that the child has exited: it stops once nothing more is readable.
  func childExited() {
    state.withLock { $0.childExitedAt = $0.childExitedAt ?? .now }
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
