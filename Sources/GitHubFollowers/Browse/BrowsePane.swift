/// What the pane beside a ``BrowseViewModel``'s list shows.
///
/// ```swift
/// browser.toggleCache()
/// browser.pane == .cache   // true: the cache, key by key, as TanStack's devtools show it
/// ```
///
/// This enum may gain cases in a minor release: `switch` over it with a `default`.
public enum BrowsePane: String, Sendable, Hashable, CaseIterable {
  /// The selected user's profile (the default).
  case profile
  /// The latest events of every run (`e`).
  case events
  /// The browser's `QueryCache`: each key with its status, watchers, age and time to be
  /// forgotten (`c`), from `QueryCache/snapshot()`.
  case cache
  /// The keys and what they do (`?`).
  case keys
}
