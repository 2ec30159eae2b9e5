/// What ``BrowseViewModel`` shows and what the keys act on.
public enum BrowseMode: Sendable, Hashable {
  /// The followers of the user on top of the navigation stack.
  case followers
  /// The search field has focus: typed characters go to the query.
  case searchTyping
  /// The search results, kept after `Enter`; the keys move through them.
  case searchResults
}
