import ActionDispatch

/// What a screen shows for ``ListingViewModel/itemsState``, as text: the same `switch` a SwiftUI
/// view writes over a ``Loadable``'s phase, in a form that also runs in a terminal and a test.
enum ListingText {
  /// The lines to show for the list's state.
  static func lines(for state: Loadable<[String]>) -> [String] {
    // snippet: loadable-phase
    switch state.phase {
    case .idle:
      return ["Pull to load."]
    case .loading:
      return ["Loading…"]  // the first load: nothing to show yet
    case .loaded(let items):
      // Also while a refresh runs or after one failed: the list stays on screen.
      let rows = items.isEmpty ? ["No items."] : items
      let refreshing = state.isRefreshing ? ["Refreshing…"] : []
      let error = state.errorMessage.map { ["Couldn't refresh: \($0)"] } ?? []
      return refreshing + rows + error
    case .failed(let message):
      return ["Couldn't load: \(message)"]
    }
    // end snippet: loadable-phase
  }
}
