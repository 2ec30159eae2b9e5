#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one place that asks a terminal for its size: the spinner's width
/// (``TerminalStream/columns``) and the browser's screen both come from here.
///
/// ```swift
/// if let size = TerminalWindow.size(of: STDOUT_FILENO) {
///   print("\(size.columns)×\(size.rows)")
/// }
/// ```
package enum TerminalWindow {
  /// The size of the terminal on `fileDescriptor` in character cells (`ioctl` `TIOCGWINSZ`),
  /// asked anew on every call so that a resized window is followed.
  ///
  /// - Parameter fileDescriptor: A descriptor open on the terminal.
  /// - Returns: Its columns and rows (rows may be 0 where the terminal does not say); `nil`
  ///   when it is not a terminal or reports no width.
  package static func size(of fileDescriptor: Int32) -> (columns: Int, rows: Int)? {
    var size = winsize()
    guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }
}
