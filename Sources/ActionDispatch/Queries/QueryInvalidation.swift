/// The refetches an invalidation of a ``QueryCache`` started, to await.
///
/// Invalidating a watched key repeats the dispatch of each action that fetches it: one run per
/// watching action, all joining one fetch of the key. Await ``finished()`` to go on once every
/// one of those runs has ended, as a test does instead of waiting on each view model:
///
/// ```swift
/// await cache.invalidate(.profile("octocat")).finished()
/// #expect(detail.profile?.name == "The Octocat")
/// ```
///
/// It waits for nothing else: not for keys the invalidation only marked stale (no action that
/// fetches watches them), and not for a fetch that was already in flight, which answers its own
/// callers. It never throws: a refetch that fails ends as its action's failure.
public struct QueryInvalidation: Sendable {
  /// The runs of the refetches, one per watching action.
  let refetches: [Task<Void, Never>]

  /// How many refetches the invalidation started: one run per action that watches an invalidated
  /// key and fetches it; 0 when every key it reached was only marked stale.
  public var refetchCount: Int { refetches.count }

  /// Waits until every refetch the invalidation started has ended.
  public func finished() async {
    for refetch in refetches { await refetch.value }
  }
}
