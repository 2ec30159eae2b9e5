import BrowseUI
import CommandLineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real terminal under `action-dispatch browse`: raw mode through termios, the alternate
/// screen, a hidden cursor and bracketed paste while the browser runs, and everything given back
/// by ``restore()``.
///
/// ```swift
/// let terminal = try RawTerminal()    // throws when standard input is not a terminal
/// defer { terminal.restore() }
/// terminal.write("\u{1B}[1;1Hhello")
/// ```
///
/// > Important: ``restore()`` is safe to call any number of times, so every exit path (quit,
/// > Ctrl-C, a signal, an error) can call it.
@MainActor
final class RawTerminal: BrowseTerminal {
  /// What the terminal is told on entry: alternate screen, cursor hidden, bracketed paste on.
  static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h"
  /// What it is told on exit: paste mode off, styles reset, cursor shown, main screen.
  static let leaveSequence = "\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  private let input: Int32 = STDIN_FILENO
  private let output: Int32 = STDOUT_FILENO
  private var saved = termios()
  private var isRaw = false

  /// Takes the terminal: saves its settings and enters raw mode and the alternate screen.
  ///
  /// - Throws: ``Failure`` when the settings cannot be read or changed.
  init() throws(Failure) {
    guard tcgetattr(input, &saved) == 0 else { throw Failure(call: "tcgetattr", errorNumber: errno) }
    try enter()
  }

  /// Why the terminal could not be set up.
  struct Failure: Error, CustomStringConvertible {
    let call: String
    let errorNumber: Int32
    var description: String {
      "could not set up the terminal (\(call): \(String(cString: strerror(errorNumber))))"
    }
  }

  var size: TerminalSize {
    guard let window = TerminalWindow.size(of: output), window.rows > 0 else {
      return TerminalSize(columns: 80, rows: 24)
    }
    return TerminalSize(columns: window.columns, rows: window.rows)
  }

  func write(_ text: String) {
    Self.writeAll(text, to: output)
  }

  func suspend() {
    restore()
    // SIGSTOP, not SIGTSTP: Dispatch's signal source owns SIGTSTP (a raised one would come
    // straight back as another suspend request), and SIGSTOP cannot be caught. The shell sees
    // the job stopped either way, and `fg` continues it here.
    kill(getpid(), SIGSTOP)
  }

  func resume() {
    guard !isRaw else { return }
    try? enter()
  }

  /// Gives the terminal back as it was: cooked mode, cursor shown, main screen.
  func restore() {
    guard isRaw else { return }
    isRaw = false
    Self.writeAll(Self.leaveSequence, to: output)
    _ = tcsetattr(input, TCSAFLUSH, &saved)
  }

  private func enter() throws(Failure) {
    var raw = saved
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { throw Failure(call: "tcsetattr", errorNumber: errno) }
    isRaw = true
    Self.writeAll(Self.enterSequence, to: output)
  }

  /// Writes all of the text, retrying after interruptions; a terminal that is gone (hung up)
  /// is given up on quietly, as the process is about to end.
  private static func writeAll(_ text: String, to fileDescriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { posixWrite(fileDescriptor, $0.baseAddress, $0.count) }
      if written > 0 {
        bytes = bytes.dropFirst(written)
      } else if written < 0, errno == EINTR || errno == EAGAIN {
        continue
      } else {
        return
      }
    }
  }
}

/// `write(2)`, named apart from ``RawTerminal/write(_:)``.
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, buffer, count)
}
