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

  /// Gives the terminal back (cooked mode, cursor shown, main screen), stops the process, and,
  /// once it is continued, takes the terminal again.
  func suspend()
}
