/// Everything a ``QueryCache`` knows about one key that does not depend on its value's type:
/// what the table, the sweeper and invalidation read.
///
/// Lean on purpose (a gated row holds 100,000 keys at 160 bytes each beyond their values): what
/// only some keys need — a fetch in flight, watchers, a kept failure — lives in the typed
/// entry's `activity`, made when first needed and dropped when empty.
@MainActor
class QueryEntryBase {
  /// The key's path.
  let path: QueryKeyPath
  /// When the value was last set, in nanoseconds on the cache's clock; `.min` while there is none.
  var updatedAt: Int64 = .min
  /// How long a value stays fresh, in nanoseconds: the last `staleTime:` a dispatch of the key gave.
  var staleTime: Int64 = 0
  /// When the entry's last watcher left (or it was made unwatched), on the cache's clock.
  var unwatchedAt: Int64 = 0
  /// The next older and newer entries in the cache's list of unwatched entries, which is
  /// ordered by ``unwatchedAt`` (least recently watched first).
  unowned var older: QueryEntryBase?
  unowned var newer: QueryEntryBase?
  /// Whether the entry is in that list.
  var isUnwatchedListed = false
  /// Whether the value was invalidated since it was last set: stale whatever its age.
  var isInvalidated = false
  /// When the value was written, on the cache's ``QueryCache/sequence``: a set, a rollback or a
  /// removal takes a new number, a fetch writes the number it started with. A fetch records its
  /// value only over an older write, so a value set while it ran, or a newer fetch's, wins.
  /// 32 bits, beside the two flags, keep an entry in glibc's 112-byte size class (128 with a
  /// 64-bit number: 16 bytes more a key); numbers are compared as serial numbers (RFC 1982), so
  /// they may wrap.
  var writtenAt: UInt32 = 0

  /// Whether the value was written before `sequence` was taken: a fetch that took it may record.
  func wasWritten(before sequence: UInt32) -> Bool {
    Int32(bitPattern: sequence &- writtenAt) > 0
  }

  init(path: QueryKeyPath) {
    self.path = path
  }

  /// Whether it has a value.
  var hasValue: Bool { updatedAt != .min }

  /// How many view models watch it.
  var watcherCount: Int { 0 }

  /// Whether a fetch is in flight.
  var isFetching: Bool { false }

  /// The failure kept on the key and when it stops answering dispatches, if any.
  var keptFailure: (error: any Error, until: Int64)? { nil }

  /// The key path readers of the key observe, once it was read (see ``QueryCache/observe(_:_:)``).
  var observation: KeyPath<QueryCache, Int>? { nil }

  /// Whether its value answers a dispatch at `now` with no fetch.
  func isFresh(at now: Int64) -> Bool {
    hasValue && !isInvalidated && now &- updatedAt < staleTime
  }

  /// Whether its value answers at `now` a dispatch that gave `given` as its stale time (`nil`:
  /// the key's own), remembering a positive one on the key; `.zero` is a refresh, never fresh,
  /// and leaves the key's stale time as it was.
  func isFresh(at now: Int64, within given: Duration?) -> Bool {
    guard let given else { return isFresh(at: now) }
    let nanoseconds = max(given, .zero).wholeNanoseconds
    if nanoseconds > 0 { staleTime = nanoseconds }
    return hasValue && !isInvalidated && now &- updatedAt < nanoseconds
  }

  /// Marks the fetch in flight as outdated by an invalidation numbered `sequence` on the cache's
  /// ``QueryCache/sequence``.
  func outdateFetch(at sequence: UInt32) {}

  /// Stops the kept failure, if any, from answering dispatches (it stays the key's last error).
  func endKeptFailure() {}

  /// Asks each watcher's view model to fetch the key again (an invalidation of a watched key).
  ///
  /// - Returns: The refetches' runs, one per watcher that fetches.
  func refetchWatched() -> [Task<Void, Never>] { [] }

  /// The value's type: with the path, what tells keys apart in the table and in observation.
  /// ``QueryEntry`` gives its `Value`, read from its class; a generic function that named
  /// `QueryEntry<Value>` instead looked its metadata up in the runtime's cache, twice a read
  /// (a quarter of a read in `perf`).
  var valueType: ObjectIdentifier { preconditionFailure("QueryEntry gives it") }

  /// Whether the value's type is `Value`.
  final func holds<Value>(_: Value.Type) -> Bool {
    valueType == ObjectIdentifier(Value.self)
  }
}
