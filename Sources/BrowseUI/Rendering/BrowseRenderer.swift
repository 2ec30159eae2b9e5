import ActionDispatch
import CommandLineKit
import GitHubFollowers

/// Draws a ``BrowseViewModel`` as lines of text at a terminal size: a pure function of the
/// view model's state, the size and the spinner's frame.
///
/// It reads only what is on screen (the rows shown, the selected profile), so a frame costs the
/// same with 100 followers loaded or 10,000, and, read inside `withObservationTracking`, it
/// subscribes to exactly what it drew. All server text is sanitized and every line is exactly
/// `size.columns` wide, measured in display columns.
///
/// ```swift
/// let frame = BrowseRenderer.render(browser, size: TerminalSize(columns: 100, rows: 30))
/// for line in frame.lines { print(line) }
/// ```
@MainActor
package enum BrowseRenderer {
  /// Renders a frame.
  ///
  /// - Parameters:
  ///   - viewModel: The browser's state.
  ///   - view: The screen's state: each list's scroll; the first rows by default.
  ///   - size: The terminal's size.
  ///   - spinnerFrame: Which frame spinners show; the caller advances it while ``BrowseFrame/animates``.
  ///   - styled: Whether to add styles (reverse video for the selection, bold, red errors).
  /// - Returns: The frame.
  package static func render(
    _ viewModel: BrowseViewModel, view: BrowseViewState = BrowseViewState(), size: TerminalSize,
    spinnerFrame: Int = 0, styled: Bool = false
  ) -> BrowseFrame {
    guard !size.isTooSmall else { return tooSmall(size) }
    let layout = BrowseLayout(size: size)
    var context = Context(
      viewModel: viewModel, layout: layout, top: view.top(in: viewModel, rows: layout.listRows),
      spinner: Spinner.frames[spinnerFrame % Spinner.frames.count], styled: styled)
    var lines: [String] = []
    lines.reserveCapacity(size.rows)
    lines.append(context.header())
    lines.append(context.titles())
    let list = context.listCells()
    let pane = context.layout.showsPane ? context.paneCells() : []
    for row in 0..<context.layout.bodyRows {
      if context.layout.showsPane {
        lines.append(list[row] + "│" + pane[row])
      } else {
        lines.append(list[row])
      }
    }
    lines.append(context.noticeLine())
    lines.append(context.keysLine())
    return BrowseFrame(lines: lines, animates: context.animates)
  }

  private static func tooSmall(_ size: TerminalSize) -> BrowseFrame {
    let blank = String(repeating: " ", count: max(0, size.columns))
    var lines = Array(repeating: blank, count: max(0, size.rows))
    let message = TextWrapping.lines(
      "terminal too small: \(size.columns)×\(size.rows), needs 40×10", width: max(1, size.columns))
    let top = max(0, lines.count / 2 - message.count / 2)
    for (offset, text) in message.enumerated() where top + offset < lines.count {
      lines[top + offset] = Line.fit(text, width: size.columns)
    }
    return BrowseFrame(lines: lines, animates: false)
  }
}
