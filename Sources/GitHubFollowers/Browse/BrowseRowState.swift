/// How one row's follow or unfollow stands, as ``BrowseViewModel/rowState(for:)`` reports it.
///
/// ```swift
/// switch browser.rowState(for: "amber-otter") {
/// case .working: "⠋"
/// case .failed: "!"
/// case .following: "✓"
/// case .idle: " "
/// }
/// ```
public enum BrowseRowState: Sendable, Hashable {
  /// Nothing to show.
  case idle
  /// A follow or unfollow is running: a spinner.
  case working
  /// The last follow or unfollow failed, with its error.
  case failed(String)
  /// The signed-in user follows this user (as far as this browser changed it).
  case following
}
