/// Where the parts of the browser's screen go at a size: header and column titles on top, the
/// list and (from 60 columns) the profile or events pane side by side, then a notice line and
/// the keys.
///
/// ```swift
/// let layout = BrowseLayout(size: TerminalSize(columns: 100, rows: 30))
/// layout.bodyRows     // 26
/// layout.listWidth    // 44
/// ```
package struct BrowseLayout: Sendable {
  /// The terminal's size.
  package let size: TerminalSize

  /// The layout at a size.
  ///
  /// - Parameter size: The terminal's size, at least ``TerminalSize/minimum``.
  package init(size: TerminalSize) {
    self.size = size
  }

  /// The rows between the titles and the notice line.
  package var bodyRows: Int { max(1, size.rows - 4) }

  /// The rows the selection moves within: one fewer than ``bodyRows``, so that the row after the
  /// last follower ("loading more…", a failed page) shows whenever the end is in view.
  package var listRows: Int { max(1, bodyRows - 1) }

  /// Whether the profile or events pane fits beside the list.
  package var showsPane: Bool { size.columns >= 60 }

  /// The list's width in columns.
  package var listWidth: Int { showsPane ? size.columns * 44 / 100 : size.columns }

  /// The pane's width in columns, after the divider.
  package var paneWidth: Int { showsPane ? size.columns - listWidth - 1 : 0 }

  /// The width of the list's type column; none in a narrow list.
  package var typeWidth: Int { listWidth >= 30 ? 5 : 0 }
}
