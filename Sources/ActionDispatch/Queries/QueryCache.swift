import Observation

/// Server data by key, shared by every view model that shows it: TanStack Query's cache, for
/// ``BaseViewModel``.
///
/// An app makes one and hands it to the view models that show server data; a test makes its
/// own, on a test clock. A view model's dispatch names a key
/// (``ActionDispatching/dispatch(actionId:query:in:staleTime:failureTime:retry:timeout:task:onSuccess:onFailure:oncePerRun:)``):
/// a fetch of that key in flight, started by any view model, is joined; a fresh value is
/// delivered at once with no fetch; a stale one is delivered at once and fetched again.
///
/// ```swift
/// let cache = QueryCache()
/// let list = FollowerListViewModel(service: service, cache: cache)
/// let detail = ProfileViewModel(service: service, cache: cache)  // shows what the list fetched
/// ```
///
/// A view model that dispatched a key watches it while it lives: when anyone sets or refetches
/// the key, its `onSuccess` gets the new value, and invalidating the key refetches it at once.
/// A key no one watches is forgotten ``gcTime`` after its last watcher left, and the cache
/// holds at most ``capacity`` keys, forgetting the least recently watched unwatched ones first.
///
/// Reads are observable per key — its path and its value's type: a view reading one key is not
/// invalidated by another, even one with the same path and another value type.
/// Everything runs on the main actor; the cache's clock measures freshness and forgetting.
@MainActor
public final class QueryCache: Observable {
  /// How long an unwatched key is kept by default: five minutes, as TanStack's `gcTime`.
  public static let defaultGCTime: Duration = .seconds(300)
  /// How many keys a cache holds by default.
  public static let defaultCapacity = 10_000

  /// How long a key is kept after its last watcher left.
  public let gcTime: Duration
  /// How long a value stays fresh on a key no dispatch or fetch gave a stale time.
  public let defaultStaleTime: Duration
  /// Which failures are recorded on their key and kept for `failureTime:`; the others reach only
  /// the callers of the fetch that failed.
  let keepsFailure: @MainActor (any Error) -> Bool
  /// The most keys the cache holds; beyond it, the least recently watched unwatched keys go first.
  /// Watched keys and keys being fetched are never forgotten, so a cache may hold more of them.
  public let capacity: Int

  /// The clock freshness and forgetting are measured on.
  let clock: any Clock<Duration>
  /// The clock, read as nanoseconds elapsed.
  let elapsed: ElapsedTime
  /// ``gcTime`` in nanoseconds.
  let gcNanoseconds: Int64
  /// ``defaultStaleTime`` in nanoseconds.
  let defaultStaleNanoseconds: Int64
  /// The entries.
  var table = QueryEntryTable()
  /// The least and most recently watched of the unwatched entries: the ends of their list.
  unowned var oldestUnwatched: QueryEntryBase?
  unowned var newestUnwatched: QueryEntryBase?
  /// The task that forgets unwatched entries when their time comes, while any are listed.
  ///
  /// `nonisolated(unsafe)` only so that the nonisolated `deinit` can cancel it: every other read
  /// and write is on the main actor, and `deinit` runs when no other reference is left, so no
  /// access overlaps it.
  nonisolated(unsafe) var sweeper: Task<Void, Never>?
  /// Tells views what changed, per key.
  let registrar = ObservationRegistrar()
  /// The last number given to a write or a fetch's start (see ``QueryEntryBase/writtenAt``).
  var sequence: UInt32 = 0

  /// Creates an empty cache.
  ///
  /// - Parameters:
  ///   - clock: The clock freshness and forgetting are measured on; tests pass a `TestClock`.
  ///   - gcTime: How long a key is kept once no view model watches it; five minutes by default.
  ///     A negative time is taken as zero.
  ///   - capacity: The most keys to hold; 10,000 by default. A negative capacity is taken as zero
  ///     (every unwatched key is forgotten at once).
  ///   - defaultStaleTime: How long a value stays fresh on a key no dispatch or fetch gave a stale
  ///     time; zero by default (as TanStack's): every dispatch refetches, showing the value meanwhile.
  ///   - keepsFailure: Which failures are the key's: recorded on it (its status is ``QueryStatus/failed``,
  ///     ``loadable(for:)`` shows them) and kept for a dispatch's `failureTime:`. Every one by
  ///     default. Leave out those that are not the key's fault — a used-up rate limit, no network —
  ///     so they reach only the callers of the fetch, and the next dispatch asks again.
  public init(
    clock: any Clock<Duration> = ContinuousClock(),
    gcTime: Duration = QueryCache.defaultGCTime,
    capacity: Int = QueryCache.defaultCapacity,
    defaultStaleTime: Duration = .zero,
    keepsFailure: @escaping @MainActor (any Error) -> Bool = { _ in true }
  ) {
    self.keepsFailure = keepsFailure
    self.clock = clock
    self.elapsed = ElapsedTime(clock)
    self.gcTime = max(gcTime, .zero)
    self.gcNanoseconds = max(gcTime, .zero).wholeNanoseconds
    self.capacity = max(capacity, 0)
    self.defaultStaleTime = max(defaultStaleTime, .zero)
    self.defaultStaleNanoseconds = max(defaultStaleTime, .zero).wholeNanoseconds
  }

  deinit {
    sweeper?.cancel()
  }

  // MARK: - Reading

  /// The key's value, if the cache holds one; observable per key.
  ///
  /// Reading creates nothing: a key nobody fetched or set stays absent.
  ///
  /// - Parameter key: The key.
  /// - Returns: The last value fetched or set, kept while it is refetched and after a refetch fails.
  public func value<Value>(for key: QueryKey<Value>) -> Value? {
    let entry = entry(for: key)
    observe(key, entry)
    return entry?.value
  }

  /// The key's value, fetch and failure together, as a view shows them; observable per key.
  ///
  /// - Parameter key: The key.
  /// - Returns: The value, whether a fetch is in flight, and the failure kept on the key.
  public func loadable<Value>(for key: QueryKey<Value>) -> Loadable<Value> {
    let entry = entry(for: key)
    observe(key, entry)
    guard let entry else { return Loadable(value: nil, isLoading: false, failure: nil) }
    return Loadable(value: entry.value, isLoading: entry.isFetching, failure: entry.activity?.failure)
  }

  /// What the key's value is now: fresh, stale, fetching, failed, or absent; observable per key.
  ///
  /// - Parameter key: The key.
  /// - Returns: The key's status; ``QueryStatus/absent`` when the cache holds nothing for it.
  public func status<Value>(of key: QueryKey<Value>) -> QueryStatus {
    let entry = entry(for: key)
    observe(key, entry)
    guard let entry else { return .absent }
    return status(of: entry, at: elapsed.now())
  }

  /// How many keys the cache holds; observable.
  public var count: Int {
    registrar.access(self, keyPath: \.anyChange)
    return table.count
  }

  /// Every key with its status, watchers, age and time left, oldest value first: what
  /// TanStack's devtools show. Observable: any change to any key invalidates a reader.
  ///
  /// - Returns: One summary per key.
  public func snapshot() -> [QuerySnapshot] {
    registrar.access(self, keyPath: \.anyChange)
    let now = elapsed.now()
    var snapshots: [QuerySnapshot] = []
    table.forEach { entry in
      snapshots.append(
        QuerySnapshot(
          components: entry.path.components,
          status: status(of: entry, at: now),
          watchers: entry.watcherCount,
          age: entry.hasValue ? .nanoseconds(now &- entry.updatedAt) : nil,
          forgottenIn: entry.isUnwatchedListed ? .nanoseconds(max(0, entry.unwatchedAt &+ gcNanoseconds &- now)) : nil))
    }
    return snapshots.sorted { ($0.age ?? .zero, $0.description) > ($1.age ?? .zero, $1.description) }
  }

  // MARK: - Internal

  /// The next number for a write or a fetch's start.
  func nextSequence() -> UInt32 {
    sequence &+= 1
    return sequence
  }

  /// The time now on the cache's clock, in nanoseconds.
  var now: Int64 { elapsed.now() }

  /// A key path that stands for one key's state, for observation.
  subscript(observing key: QueryObservationKey) -> Int { 0 }

  /// A key path that stands for any change, for ``count`` and ``snapshot()``.
  var anyChange: Int { 0 }

  /// The key path that stands for the state of the key with `path` and `valueType`: equal to
  /// every other one made for them (``QueryObservationKey``).
  static func observationKeyPath(_ path: QueryKeyPath, _ valueType: ObjectIdentifier) -> KeyPath<QueryCache, Int> {
    \.[observing: QueryObservationKey(path: path, valueType: valueType)]
  }

  /// Registers a read of the key's state, whose entry (if the cache holds it) is `entry`.
  ///
  /// Through the entry's key path, made on its first read and kept: building a key path with an
  /// argument (an allocation, the path copied in, and its release) was about 60% of a read in
  /// `perf`, made on every read even outside tracking. A key the cache does not hold gets one
  /// made for this read alone, so reading absent keys leaves nothing; it equals the one its
  /// entry keeps once the key is set, so that reader is told.
  func observe<Value>(_ key: QueryKey<Value>, _ entry: QueryEntry<Value>?) {
    guard let entry else {
      return registrar.access(self, keyPath: Self.observationKeyPath(key.path, ObjectIdentifier(Value.self)))
    }
    if let keyPath = entry.observation { return registrar.access(self, keyPath: keyPath) }
    let keyPath = Self.observationKeyPath(key.path, ObjectIdentifier(Value.self))
    entry.observation = keyPath
    registrar.access(self, keyPath: keyPath)
  }

  /// Tells readers that the entry's state changed: through its key path if it was read, or one
  /// made for the change (a key nobody read keeps none).
  func changed(_ entry: QueryEntryBase) {
    let keyPath = entry.observation ?? Self.observationKeyPath(entry.path, entry.valueType)
    registrar.withMutation(of: self, keyPath: keyPath) {}
    registrar.withMutation(of: self, keyPath: \.anyChange) {}
  }

  /// The entry's status at `now`.
  func status(of entry: QueryEntryBase, at now: Int64) -> QueryStatus {
    if entry.isFetching { return .fetching }
    if let kept = entry.keptFailure, now < kept.until { return .failed }
    if entry.isFresh(at: now) { return .fresh }
    if entry.hasValue { return .stale }
    if entry.keptFailure != nil { return .failed }
    return .absent
  }

  /// The key's entry, if the cache holds it; one whose time to be forgotten has passed is
  /// forgotten now, so reads never depend on when the sweeper last ran.
  func entry<Value>(for key: QueryKey<Value>) -> QueryEntry<Value>? {
    guard let entry = table.entry(key.path, of: Value.self) else { return nil }
    if entry.isUnwatchedListed, !entry.isFetching, elapsed.now() >= entry.unwatchedAt &+ gcNanoseconds {
      forget(entry)
      return nil
    }
    return entry
  }

  /// The key's entry, made (unwatched, empty) when the cache holds none.
  func makeEntry<Value>(for key: QueryKey<Value>) -> QueryEntry<Value> {
    if let entry = entry(for: key) { return entry }
    let entry = QueryEntry<Value>(path: key.path)
    entry.staleTime = defaultStaleNanoseconds
    table.insert(entry)
    list(entry)
    forgetBeyondCapacity(sparing: entry)
    return entry
  }
}
