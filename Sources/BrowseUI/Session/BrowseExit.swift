/// How a ``BrowseSession`` ended.
package enum BrowseExit: Sendable, Hashable {
  /// `q`.
  case quit
  /// Ctrl-C typed.
  case interrupted
  /// A signal that ends the process (`SIGINT`, `SIGTERM`, `SIGHUP`), by number.
  case signal(Int32)
  /// Standard input ended.
  case inputClosed
}
