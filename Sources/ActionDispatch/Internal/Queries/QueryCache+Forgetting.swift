extension QueryCache {
  /// Adds an entry to the newest end of the unwatched list: its time to be forgotten starts now.
  func list(_ entry: QueryEntryBase) {
    if entry.isUnwatchedListed { unlist(entry) }
    entry.unwatchedAt = now
    entry.isUnwatchedListed = true
    entry.older = newestUnwatched
    entry.newer = nil
    if let newest = newestUnwatched { newest.newer = entry } else { oldestUnwatched = entry }
    newestUnwatched = entry
    scheduleSweep()
  }

  /// Takes an entry out of the unwatched list (it is watched again, or forgotten).
  func unlist(_ entry: QueryEntryBase) {
    guard entry.isUnwatchedListed else { return }
    entry.isUnwatchedListed = false
    if let older = entry.older { older.newer = entry.newer } else { oldestUnwatched = entry.newer }
    if let newer = entry.newer { newer.older = entry.older } else { newestUnwatched = entry.older }
    entry.older = nil
    entry.newer = nil
  }

  /// Drops an entry from the cache.
  func forget(_ entry: QueryEntryBase) {
    unlist(entry)
    table.remove(entry, hash: QueryEntryTable.hash(entry))
    changed(entry)
  }

  /// Forgets the least recently watched unwatched entries while the cache holds more than its
  /// capacity; entries being fetched are kept (they are listed again once their fetch ends), and
  /// so is `spared`: the entry a dispatch is making, which it is about to watch.
  func forgetBeyondCapacity(sparing spared: QueryEntryBase? = nil) {
    var candidate = oldestUnwatched
    while table.count > capacity, let entry = candidate {
      candidate = entry.newer
      if !entry.isFetching, entry !== spared { forget(entry) }
    }
  }

  /// Starts the task that forgets unwatched entries when their time comes, unless it runs.
  func scheduleSweep() {
    guard sweeper == nil else { return }
    let clock = self.clock
    sweeper = Task { [weak self] in
      while true {
        guard let wait = self?.forgetDue() else { return }
        do { try await clock.sleep(for: wait) } catch { return }
      }
    }
  }

  /// Forgets every unwatched entry whose time has come.
  ///
  /// - Returns: How long until the next one's time, or `nil` when none is left (the sweeper then ends).
  func forgetDue() -> Duration? {
    let now = self.now
    while let oldest = oldestUnwatched {
      let deadline = oldest.unwatchedAt &+ gcNanoseconds
      if deadline > now { return .nanoseconds(deadline &- now) }
      if oldest.isFetching {
        list(oldest)  // its fetch ends first; its time starts again then
      } else {
        forget(oldest)
      }
    }
    sweeper = nil
    return nil
  }
}
