/// A terminal's size in character cells.
///
/// ```swift
/// let size = TerminalSize(columns: 100, rows: 30)
/// size.isTooSmall   // false; below 40×10 the browser says "terminal too small"
/// ```
package struct TerminalSize: Hashable, Sendable {
  /// The smallest size the browser draws its screen in.
  package static let minimum = TerminalSize(columns: 40, rows: 10)

  /// The width, in columns.
  package var columns: Int
  /// The height, in rows.
  package var rows: Int

  /// Creates a size.
  ///
  /// - Parameters:
  ///   - columns: The width, in columns.
  ///   - rows: The height, in rows.
  package init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// Whether it is smaller than ``minimum`` in either direction.
  package var isTooSmall: Bool {
    columns < Self.minimum.columns || rows < Self.minimum.rows
  }
}
