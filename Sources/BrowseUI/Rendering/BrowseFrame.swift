/// One frame of the browser: its lines, and whether anything on it animates.
///
/// ```swift
/// let frame = BrowseRenderer.render(browser, size: size)
/// if frame.animates { /* draw again in 100 ms, with the next spinner frame */ }
/// ```
package struct BrowseFrame: Hashable, Sendable {
  /// The lines, one per row, each exactly as wide as the terminal.
  package var lines: [String]
  /// Whether a spinner is visible, so the frame must be drawn again to animate it.
  package var animates: Bool

  /// Creates a frame.
  ///
  /// - Parameters:
  ///   - lines: The lines.
  ///   - animates: Whether a spinner is visible.
  package init(lines: [String], animates: Bool) {
    self.lines = lines
    self.animates = animates
  }
}
