/// What a key's value is now, as ``QueryCache/status(of:)`` and the devtools-style
/// ``QueryCache/snapshot()`` report it.
///
/// This enum may gain cases in a minor release: `switch` over it with a `default`.
public enum QueryStatus: String, Sendable, Equatable, CaseIterable {
  /// A fetch is in flight (there may be an older value).
  case fetching
  /// The last fetch failed and its failure is kept (see `failureTime:`); or it failed and no value
  /// was ever fetched.
  case failed
  /// The value is younger than its stale time and not invalidated: dispatches get it with no fetch.
  case fresh
  /// There is a value, but it is older than its stale time or was invalidated: dispatches get it
  /// and fetch again.
  case stale
  /// The cache holds nothing for the key.
  case absent
}
