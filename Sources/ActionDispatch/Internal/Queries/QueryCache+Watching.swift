extension QueryCache {
  /// Makes a watch of the entry: the entry is not forgotten while it lasts.
  func watch<Value>(_ entry: QueryEntry<Value>) -> QueryWatcher<Value> {
    let watcher = QueryWatcher(cache: self, entry: entry)
    let activity = entry.active
    watcher.index = activity.watchers.count
    activity.watchers.append(watcher)
    unlist(entry)
    changed(entry)
    return watcher
  }

  /// Ends a watch; the entry's time to be forgotten starts when its last watcher leaves.
  func unwatch<Value>(_ watcher: QueryWatcher<Value>) {
    guard watcher.isWatching else { return }
    watcher.isWatching = false
    watcher.handle = nil
    let entry = watcher.entry
    guard let activity = entry.activity else { return }
    let last = activity.watchers.removeLast()
    if last !== watcher {
      activity.watchers[watcher.index] = last
      last.index = watcher.index
    }
    guard activity.watchers.isEmpty else { return changed(entry) }
    entry.dropActivityIfIdle()
    if table.entry(entry.path, of: Value.self) === entry {
      list(entry)
      forgetBeyondCapacity()
    }
    changed(entry)
  }
}
