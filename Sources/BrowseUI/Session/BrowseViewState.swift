import GitHubFollowers

/// What the screen adds to a ``BrowseViewModel``: how many list rows fit, and which row each
/// list (and the search results) shows first. The view's state, not the model's, as Bubble Tea
/// keeps a viewport's offset in the view's model.
///
/// The session sets ``visibleRows`` from the layout, and after every key and before every frame
/// calls ``keepSelectionShown(in:)``; the renderer reads ``top(in:rows:)``, which is pure.
/// Each list of the stack keeps its own first row, so going back shows a list scrolled as it was.
///
/// ```swift
/// var view = BrowseViewState(visibleRows: 5)
/// browser.moveDown(by: 7)
/// view.keepSelectionShown(in: browser)
/// view.top(in: browser)   // 3: rows 3…7 are shown, the selection last
/// ```
@MainActor
package struct BrowseViewState {
  /// How many rows of the list fit on the screen; moves keep the selection among them, and a
  /// page (`PgDn`) is this many rows.
  package var visibleRows: Int

  /// The first row shown of each list of the stack, by depth, with the list it belongs to.
  private var listTops: [(list: ObjectIdentifier, top: Int)] = []
  /// The first search result shown.
  private var searchTop = 0

  /// A view state that shows the first rows.
  ///
  /// - Parameter visibleRows: How many list rows fit; at least 1 is used.
  package init(visibleRows: Int = 10) {
    self.visibleRows = max(1, visibleRows)
  }

  /// The first row to show of what `viewModel` shows now, so that its selection is among `rows`
  /// rows from it: the row shown first before, moved only as far as the selection needs.
  ///
  /// - Parameters:
  ///   - viewModel: The browser.
  ///   - rows: The rows that fit; ``visibleRows`` when `nil`.
  /// - Returns: The index of the first row to show.
  package func top(in viewModel: BrowseViewModel, rows: Int? = nil) -> Int {
    Self.scrolled(top: storedTop(in: viewModel), selection: viewModel.selectedIndex, rows: max(1, rows ?? visibleRows))
  }

  /// Scrolls what `viewModel` shows just enough to keep its selection among the visible rows,
  /// and remembers it for the list (or the search results) on screen.
  ///
  /// - Parameter viewModel: The browser.
  package mutating func keepSelectionShown(in viewModel: BrowseViewModel) {
    let top = top(in: viewModel)
    guard viewModel.mode == .followers else {
      searchTop = top
      return
    }
    let depth = viewModel.stack.count - 1
    if listTops.count > depth + 1 { listTops.removeLast(listTops.count - depth - 1) }
    let entry = (list: ObjectIdentifier(viewModel.current), top: top)
    if depth < listTops.count {
      listTops[depth] = entry
    } else {
      while listTops.count < depth { listTops.append((ObjectIdentifier(viewModel.stack[listTops.count]), 0)) }
      listTops.append(entry)
    }
  }

  private func storedTop(in viewModel: BrowseViewModel) -> Int {
    guard viewModel.mode == .followers else { return searchTop }
    let depth = viewModel.stack.count - 1
    guard depth < listTops.count, listTops[depth].list == ObjectIdentifier(viewModel.current) else { return 0 }
    return listTops[depth].top
  }

  /// The first row to show so that the selection is among `rows` rows from it.
  static func scrolled(top: Int, selection: Int, rows: Int) -> Int {
    if selection < top { return selection }
    if selection >= top + rows { return selection - rows + 1 }
    return top
  }
}
