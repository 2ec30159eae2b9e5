/// What reaches the browser from outside: bytes typed, and the signals it handles.
///
/// The command's terminal layer turns standard input and signals into these, and
/// ``BrowseSession/run(inputs:)`` acts on them.
package enum BrowseInput: Sendable, Hashable {
  /// Bytes read from the terminal.
  case bytes([UInt8])
  /// The window changed size (`SIGWINCH`).
  case resized
  /// The process was continued after a stop (`SIGCONT`): the screen must be drawn anew.
  case continued
  /// A request to stop the process (`SIGTSTP` from `kill`, or Ctrl-Z typed).
  case suspend
  /// A signal that ends the browser (`SIGINT`, `SIGTERM`, `SIGHUP`), by number.
  case terminate(Int32)
  /// Standard input ended.
  case closed
}
