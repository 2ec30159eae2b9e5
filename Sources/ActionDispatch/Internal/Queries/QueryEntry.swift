/// One key of a ``QueryCache`` with its value, typed: TanStack's `Query`, one object holding
/// everything about its key.
@MainActor
final class QueryEntry<Value>: QueryEntryBase {
  /// The last value, kept while it is refetched and after a refetch fails.
  var value: Value?
  /// The fetch in flight, the watchers and the kept failure, while there is any.
  var activity: QueryActivity<Value>? {
    get { if case .active(let activity) = extras { activity } else { nil } }
    set {
      let kept = observation
      newValue?.observation = kept
      extras = newValue.map(Extras.active) ?? kept.map(Extras.observed)
    }
  }

  /// The activity, or while there is none the key path readers observe (the activity holds it
  /// then): one word for both. A word more moved an entry with an `Int` value from glibc's
  /// 112-byte size class to 128, 16 bytes a key.
  private var extras: Extras?

  /// What ``extras`` holds.
  private enum Extras {
    case observed(KeyPath<QueryCache, Int>)
    case active(QueryActivity<Value>)
  }

  override var observation: KeyPath<QueryCache, Int>? {
    get {
      switch extras {
      case .observed(let keyPath): keyPath
      case .active(let activity): activity.observation
      case nil: nil
      }
    }
    set {
      if case .active(let activity) = extras {
        activity.observation = newValue
      } else {
        extras = newValue.map(Extras.observed)
      }
    }
  }

  override var valueType: ObjectIdentifier { ObjectIdentifier(Value.self) }

  override var watcherCount: Int { activity?.watchers.count ?? 0 }

  override var isFetching: Bool { activity?.fetch != nil }

  override var keptFailure: (error: any Error, until: Int64)? {
    guard let activity, let failure = activity.failure else { return nil }
    return (failure, activity.failureUntil)
  }

  /// Records a value (or its absence) at `now`, written as `writtenAt`, fresh unless `isStale`.
  func record(_ value: Value?, at now: Int64, writtenAt: UInt32, isStale: Bool = false) {
    self.value = value
    updatedAt = value == nil ? .min : now
    isInvalidated = isStale
    self.writtenAt = writtenAt
    activity?.failure = nil
  }

  /// The activity, made when first needed.
  var active: QueryActivity<Value> {
    if let activity { return activity }
    let activity = QueryActivity<Value>()
    self.activity = activity
    return activity
  }

  /// Drops the activity once it holds nothing.
  func dropActivityIfIdle() {
    if let activity, activity.isIdle { self.activity = nil }
  }

  override func endKeptFailure() {
    activity?.failureUntil = .min
  }

  override func outdateFetch(at sequence: UInt32) {
    activity?.invalidatedAt = sequence
  }

  override func refetchWatched() -> [Task<Void, Never>] {
    guard let watchers = activity?.watchers else { return [] }
    return watchers.compactMap { watcher in watcher.isWatching ? watcher.handle?(.invalidated) : nil }
  }
}

/// What only some keys need: their fetch in flight, their watchers, their kept failure.
@MainActor
final class QueryActivity<Value> {
  /// The one fetch in flight, shared by every caller.
  var fetch: SharedWork<Value>?
  /// When it started, on the cache's ``QueryCache/sequence``.
  var fetchStartedAt: UInt32 = 0
  /// When the key was last invalidated while a fetch was in flight, on the same sequence; the
  /// fetch's start until then.
  var invalidatedAt: UInt32 = 0
  /// The view models watching the key, each once per action (see ``QueryWatcher``).
  var watchers: [QueryWatcher<Value>] = []
  /// The last fetch's failure, while it is kept.
  var failure: (any Error)?
  /// Until when the failure answers dispatches without a fetch, on the cache's clock.
  var failureUntil: Int64 = .min
  /// The key path readers of the key observe, kept here while there is an activity.
  var observation: KeyPath<QueryCache, Int>?

  /// Whether the key was invalidated after its fetch in flight started: the fetch's value will be
  /// recorded stale, and a new dispatch starts a fetch of its own instead of joining it.
  var isFetchOutdated: Bool { Int32(bitPattern: invalidatedAt &- fetchStartedAt) > 0 }

  /// Whether it holds nothing.
  var isIdle: Bool { fetch == nil && watchers.isEmpty && failure == nil }
}
