#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output or standard error, and what may be shown on it.
///
/// Writes go straight to the file descriptor (no buffering), so a row printed as a page
/// arrives is visible at once, even through a pipe.
///
/// ```swift
/// let stderr = TerminalStream.standardError(environment: ProcessInfo.processInfo.environment)
/// if stderr.isTerminal { stderr.write("working…\n") }
/// ```
///
/// > Important: Colour follows <https://no-color.org>: only on a terminal, never when
/// > `NO_COLOR` is set to a non-empty value, and never when `TERM` is `dumb`.
package struct TerminalStream: Sendable {
  /// The file descriptor written to.
  package let fileDescriptor: Int32
  /// Whether it is a terminal (`isatty`); progress needs both outputs to be one
  /// (``CommandContext/showsProgress``).
  package let isTerminal: Bool
  /// Whether ANSI colour and styles may be written.
  package let allowsColor: Bool

  /// Standard output.
  ///
  /// - Parameter environment: The process environment, for `NO_COLOR` and `TERM`.
  /// - Returns: The stream.
  package static func standardOutput(environment: [String: String]) -> TerminalStream {
    TerminalStream(fileDescriptor: STDOUT_FILENO, environment: environment)
  }

  /// Standard error.
  ///
  /// - Parameter environment: The process environment, for `NO_COLOR` and `TERM`.
  /// - Returns: The stream.
  package static func standardError(environment: [String: String]) -> TerminalStream {
    TerminalStream(fileDescriptor: STDERR_FILENO, environment: environment)
  }

  /// A stream on a file descriptor, asking the system whether it is a terminal.
  ///
  /// - Parameters:
  ///   - fileDescriptor: The descriptor.
  ///   - environment: The process environment, for `NO_COLOR` and `TERM`.
  package init(fileDescriptor: Int32, environment: [String: String]) {
    self.fileDescriptor = fileDescriptor
    self.isTerminal = isatty(fileDescriptor) == 1
    self.allowsColor = Self.allowsColor(isTerminal: isTerminal, environment: environment)
  }

  /// Whether colour may be used on a stream.
  ///
  /// - Parameters:
  ///   - isTerminal: Whether the stream is a terminal.
  ///   - environment: The process environment.
  /// - Returns: `true` on a terminal, unless `NO_COLOR` is non-empty or `TERM` is `dumb`.
  package static func allowsColor(isTerminal: Bool, environment: [String: String]) -> Bool {
    isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
  }

  /// Writes text as UTF-8, all of it, retrying after interruptions.
  ///
  /// A write that fails ends the process with ``ExitCode/failure``, after saying why on
  /// standard error (`action-dispatch --json > /dev/full`: "error: could not write to standard
  /// output: No space left on device"): output that was not written must not look like a
  /// success. A closed pipe ends the process with `SIGPIPE`, as for any command-line tool, or
  /// quietly with ``ExitCode/failure`` where `SIGPIPE` is ignored.
  ///
  /// - Parameter text: The text; add the newline yourself.
  package func write(_ text: String) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(fileDescriptor, base + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0, errno == EINTR {
          continue
        } else {
          fail(errorNumber: written < 0 ? errno : EIO)
        }
      }
    }
  }

  /// The terminal's width in columns (``TerminalWindow/size(of:)``), asked anew on every call so that
  /// a resized window is followed; `nil` when the stream is not a terminal or the terminal
  /// does not say.
  package var columns: Int? {
    guard isTerminal else { return nil }
    return TerminalWindow.size(of: fileDescriptor)?.columns
  }

  /// What the stream is called in an error: "standard output".
  package var name: String {
    switch fileDescriptor {
    case STDOUT_FILENO: "standard output"
    case STDERR_FILENO: "standard error"
    default: "file descriptor \(fileDescriptor)"
    }
  }

  /// Says on standard error that a write failed, unless it was standard error or a closed pipe
  /// that failed, and ends the process.
  private func fail(errorNumber: Int32) -> Never {
    if fileDescriptor != STDERR_FILENO, errorNumber != EPIPE {
      let message = Array("error: could not write to \(name): \(String(cString: strerror(errorNumber)))\n".utf8)
      _ = message.withUnsafeBytes { systemWrite(STDERR_FILENO, $0.baseAddress!, $0.count) }
    }
    exit(ExitCode.failure.rawValue)
  }

  /// The text in a style, or unchanged when this stream shows no colour.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - style: The style.
  /// - Returns: The text to write.
  package func styled(_ text: String, _ style: TextStyle) -> String {
    style.apply(to: text, when: allowsColor)
  }
}

/// `write(2)`, named apart from ``TerminalStream/write(_:)``.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}
