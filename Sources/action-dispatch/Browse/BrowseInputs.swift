import BrowseUI
import CommandLineKit
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input and the signals `browse` handles, as one stream of ``BrowseInput``.
///
/// Bytes are read when the terminal has some (a Dispatch read source, so nothing polls), and
/// `SIGINT`, `SIGTERM`, `SIGHUP`, `SIGTSTP`, `SIGCONT` and `SIGWINCH` arrive through Dispatch
/// signal sources (their default actions turned off while the browser runs), so that each can
/// restore or redraw the terminal on the main actor instead of killing the process mid-frame.
///
/// ```swift
/// let inputs = BrowseInputs()
/// defer { inputs.cancel() }
/// let exit = await session.run(inputs: inputs.stream)
/// ```
@MainActor
final class BrowseInputs {
  /// The signals handled, and what each becomes.
  nonisolated static let signals: [(Int32, BrowseInput)] = [
    (SIGINT, .terminate(SIGINT)), (SIGTERM, .terminate(SIGTERM)), (SIGHUP, .terminate(SIGHUP)),
    (SIGTSTP, .suspend), (SIGCONT, .continued), (SIGWINCH, .resized),
  ]

  /// The inputs, in the order they happened.
  let stream: AsyncStream<BrowseInput>
  private let sources: [any DispatchSourceProtocol]

  /// Starts reading standard input and handling the signals.
  init() {
    let (stream, continuation) = AsyncStream.makeStream(of: BrowseInput.self)
    self.stream = stream
    sources = Self.makeSources(yielding: continuation)
  }

  /// The read source and the signal sources; built outside the main actor, since their
  /// handlers run on a queue of their own.
  private nonisolated static func makeSources(
    yielding continuation: AsyncStream<BrowseInput>.Continuation
  ) -> [any DispatchSourceProtocol] {
    let queue = DispatchQueue(label: "action-dispatch.browse.input")
    var sources: [any DispatchSourceProtocol] = []
    let reader = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: queue)
    reader.setEventHandler { [reader] in
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count > 0 {
        continuation.yield(.bytes(Array(buffer[0..<count])))
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        continuation.yield(.closed)
        reader.cancel()
      }
    }
    reader.resume()
    sources.append(reader)
    for (number, input) in signals {
      if number != SIGCONT { signal(number, SIG_IGN) }
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { continuation.yield(input) }
      source.resume()
      sources.append(source)
    }
    return sources
  }

  /// Stops reading and gives every signal its default action back.
  func cancel() {
    for source in sources { source.cancel() }
    for (number, _) in Self.signals { signal(number, SIG_DFL) }
  }
}
