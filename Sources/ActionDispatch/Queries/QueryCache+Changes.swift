extension QueryCache {
  /// Sets the key's value, as if a fetch had just returned it: every view model watching the
  /// key gets it, and it is fresh for its stale time.
  ///
  /// After a mutation, set what the server answered; for an optimistic change, set it before
  /// the mutation runs and call the returned rollback if it fails — every watcher sees both:
  ///
  /// ```swift
  /// dispatch(
  ///   actionId: .rename,
  ///   optimistic: { [cache] _ in
  ///     let rollback = cache.setValue(renamed, for: .profile(login))
  ///     return { _ in rollback() }
  ///   },
  ///   task: { [service] in try await service.rename(login, to: renamed.name) },
  ///   onSuccess: { [cache] _, _ in cache.invalidate(.profile(login)) })
  /// ```
  ///
  /// - Parameters:
  ///   - value: The new value.
  ///   - key: The key.
  /// - Returns: Puts back the value this replaced (and tells the watchers), unless the key was
  ///   set or fetched again since; with no value before, it removes this one.
  @discardableResult
  public func setValue<Value>(_ value: Value, for key: QueryKey<Value>) -> @MainActor () -> Void {
    let entry = makeEntry(for: key)
    let before = (value: entry.value, updatedAt: entry.updatedAt, isInvalidated: entry.isInvalidated)
    let written = nextSequence()
    entry.record(value, at: now, writtenAt: written)
    changed(entry)
    deliver(value, in: entry, skipping: nil)
    forgetBeyondCapacity()
    // The entry is held, not weakly: a weak reference gives it a side table for the rest of its
    // life (48 bytes a key set, which took 100,000 keys from 127 to 175 bytes each beyond their
    // values); it is the key's only while the cache still holds it.
    return { [weak self, entry] in
      guard let self, self.table.entry(entry.path, of: Value.self) === entry, entry.writtenAt == written else {
        return
      }
      entry.record(before.value, at: before.updatedAt, writtenAt: self.nextSequence(), isStale: before.isInvalidated)
      self.changed(entry)
      if let value = before.value { self.deliver(value, in: entry, skipping: nil) }
    }
  }

  /// Seeds a key that holds no value from another key's value, with that value's age: TanStack's
  /// `initialData` with `initialDataUpdatedAt`.
  ///
  /// A detail screen opened from a list's row shows the row at once, and a dispatch of its key
  /// sends no request while the list is fresh — with no `setValue` per row:
  ///
  /// ```swift
  /// cache.seed(.followerCard(login), from: .followerCards(of: user)) { cards in
  ///   cards.first { $0.login == login }
  /// }
  /// ```
  ///
  /// The value is written as the source's: as old as the source's value, and stale if the source
  /// was invalidated. Every view model watching the key gets it. Nothing happens when the key
  /// already has a value or a fetch in flight (the fetch's answer is newer), when the source has
  /// no value, or when `transform` finds nothing in it.
  ///
  /// - Parameters:
  ///   - key: The key to seed.
  ///   - source: The key whose value seeds it.
  ///   - transform: The seed read from the source's value, or `nil` for none.
  /// - Returns: Whether the key was seeded.
  @discardableResult
  public func seed<Value, Source>(
    _ key: QueryKey<Value>, from source: QueryKey<Source>, _ transform: (Source) -> Value?
  ) -> Bool {
    guard let origin = entry(for: source), let sourceValue = origin.value else { return false }
    if let target = entry(for: key), target.hasValue || target.isFetching { return false }
    guard let value = transform(sourceValue) else { return false }
    let entry = makeEntry(for: key)
    entry.record(value, at: origin.updatedAt, writtenAt: nextSequence(), isStale: origin.isInvalidated)
    changed(entry)
    deliver(value, in: entry, skipping: nil)
    forgetBeyondCapacity()
    return true
  }

  /// Seeds a key that holds no value from another key's value of the same type, with that
  /// value's age; see ``seed(_:from:_:)``.
  ///
  /// - Parameters:
  ///   - key: The key to seed.
  ///   - source: The key whose value it takes.
  /// - Returns: Whether the key was seeded.
  @discardableResult
  public func seed<Value>(_ key: QueryKey<Value>, from source: QueryKey<Value>) -> Bool {
    seed(key, from: source) { $0 }
  }

  /// Forgets the key's value and kept failure; the key's watchers keep watching (their next
  /// dispatch fetches), and a fetch in flight goes on.
  ///
  /// - Parameter key: The key.
  public func removeValue<Value>(for key: QueryKey<Value>) {
    guard let entry = entry(for: key) else { return }
    entry.record(nil, at: now, writtenAt: nextSequence())
    entry.dropActivityIfIdle()
    if entry.isUnwatchedListed, !entry.isFetching { return forget(entry) }
    changed(entry)
  }

  /// Makes the key's value stale: a watched key is fetched again at once, joined by all its
  /// watchers that fetch it (each shows its action loading); an unwatched one, or one watched
  /// only by actions that cannot fetch it (``ActionDispatching/watch(actionId:query:in:onSuccess:onFailure:)``),
  /// is fetched by the next dispatch. Await the returned ``QueryInvalidation`` to go on once the
  /// refetches have ended.
  /// A failure kept on the key stops answering: the refetch asks the server.
  ///
  /// A fetch in flight is not cancelled: it answers its callers, and its value is recorded as
  /// stale (it may have read what a mutation replaced); a dispatch from now on starts a fetch of
  /// its own instead of joining it. When that newer fetch answers first, the older fetch's
  /// callers get the newer value the key then holds, so no screen goes back to an older one.
  ///
  /// - Parameter key: The key.
  /// - Returns: The refetches it started, to await with ``QueryInvalidation/finished()``.
  @discardableResult
  public func invalidate<Value>(_ key: QueryKey<Value>) -> QueryInvalidation {
    guard let entry = entry(for: key) else { return QueryInvalidation(refetches: []) }
    return invalidate([entry])
  }

  /// Makes stale every key whose path starts with `components` — `invalidate(prefix: "users",
  /// login)` reaches all of a user's keys — refetching those that are watched.
  ///
  /// - Parameter components: The leading components; none invalidates every key.
  /// - Returns: The refetches it started, to await with ``QueryInvalidation/finished()``.
  @discardableResult
  public func invalidate(prefix components: String...) -> QueryInvalidation {
    invalidate(prefix: components)
  }

  /// Makes stale every key whose path starts with `components`, refetching those that are watched.
  ///
  /// - Parameter components: The leading components; an empty array invalidates every key.
  /// - Returns: The refetches it started, to await with ``QueryInvalidation/finished()``.
  @discardableResult
  public func invalidate(prefix components: [String]) -> QueryInvalidation {
    let prefix = QueryKeyPath(components)
    return invalidate(matching: { $0.starts(with: prefix) })
  }

  /// Makes stale every key whose path the predicate accepts, refetching those that are watched.
  ///
  /// - Parameter isStale: Given a key's path components, whether to invalidate it.
  /// - Returns: The refetches it started, to await with ``QueryInvalidation/finished()``.
  @discardableResult
  public func invalidate(where isStale: ([String]) -> Bool) -> QueryInvalidation {
    invalidate(matching: { isStale($0.components) })
  }

  /// Makes stale every key, refetching those that are watched.
  ///
  /// - Returns: The refetches it started, to await with ``QueryInvalidation/finished()``.
  @discardableResult
  public func invalidateAll() -> QueryInvalidation {
    invalidate(matching: { _ in true })
  }

  /// Reads the key through the cache, outside any view model: a fresh value at once, a kept
  /// failure at once, else the fetch in flight joined or a new one started with `task`.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - staleTime: How long a value stays fresh; remembered on the key unless it is `.zero` (a
  ///     refresh: fetch now, leave the key's stale time as it was). `nil` keeps what the key
  ///     has (the cache's ``QueryCache/defaultStaleTime`` for a new key).
  ///   - failureTime: How long a failure of a fetch this starts answers reads without a fetch;
  ///     none by default.
  ///   - task: The work that fetches the value.
  /// - Returns: The value.
  /// - Throws: The fetch's error, the kept failure, or `CancellationError` when the calling task
  ///   is cancelled (the fetch goes on for its other callers).
  public func fetch<Value>(
    _ key: QueryKey<Value>,
    staleTime: Duration? = nil,
    failureTime: Duration? = nil,
    task: @escaping @MainActor () async throws -> Value
  ) async throws -> Value {
    let entry = makeEntry(for: key)
    let now = self.now
    if entry.isFresh(at: now, within: staleTime), let value = entry.value { return value }
    if !entry.isFetching, let kept = entry.keptFailure, now < kept.until { throw kept.error }
    return try await join(entry, failureTime: failureTime, from: nil, task: task)
  }

  /// Invalidates the entries `matches` accepts; then refetches the watched ones.
  private func invalidate(matching matches: (QueryKeyPath) -> Bool) -> QueryInvalidation {
    var matched: [QueryEntryBase] = []
    table.forEach { if matches($0.path) { matched.append($0) } }
    return invalidate(matched)
  }

  private func invalidate(_ entries: [QueryEntryBase]) -> QueryInvalidation {
    for entry in entries {
      entry.isInvalidated = true
      if entry.isFetching { entry.outdateFetch(at: nextSequence()) }
      entry.endKeptFailure()
      changed(entry)
    }
    var refetches: [Task<Void, Never>] = []
    for entry in entries where entry.watcherCount > 0 { refetches += entry.refetchWatched() }
    return QueryInvalidation(refetches: refetches)
  }
}
