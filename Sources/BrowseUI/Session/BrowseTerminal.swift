/// The terminal a ``BrowseSession`` draws on: its size, a way to write, and a way to suspend.
///
/// The command's implementation puts a real terminal in raw mode on its alternate screen;
/// tests and benchmarks use one that records what was written.
@MainActor
package protocol BrowseTerminal: AnyObject {
  /// The current size (asked again after every resize).
  var size: TerminalSize { get }

  /// Writes bytes to the terminal.
  ///
  /// - Parameter text: What to write; empty text is never passed.
  func write(_ text: String)

  /// Gives the terminal back (cooked mode, cursor shown, main screen) and stops the process.
  ///
  /// The process may go on running for a moment after the stop is sent, so the terminal is
  /// taken again only by ``resume()``, which the session calls once the process is continued
  /// (`SIGCONT`, after `fg`); no frame is written in between.
  func suspend()

  /// Takes the terminal again after ``suspend()``: raw mode, alternate screen, cursor hidden.
  func resume()
}
