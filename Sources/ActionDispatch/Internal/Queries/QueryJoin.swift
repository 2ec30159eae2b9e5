/// A view model's run's part in a key's fetch: what its work calls.
///
/// It carries the dispatch's `retry:` and `timeout:` to the fetch: a fetch it starts retries and
/// times out by them; when it joins a fetch in flight, the fetch keeps its own, and the timeout
/// bounds only this run's wait. It holds the dispatch's work and once-per-run closure too, so
/// that the run's work captures this one object and no closure context is made for it; and it is
/// the fetch caller's observer, which tells the watcher when this run waits no more.
@usableFromInline
@MainActor
final class QueryJoin<Value>: SharedWorkCallerObserver {
  let cache: QueryCache
  let entry: QueryEntry<Value>
  let watcher: QueryWatcher<Value>
  let failureTime: Duration?
  let retry: RetryPolicy?
  let timeout: Duration?
  /// The view model's clock: backoffs and timeouts wait on it.
  let clock: any Clock<Duration>
  /// The work that fetches the value, for a fetch this run starts.
  @usableFromInline var task: (@MainActor () async throws -> Value)?
  /// The dispatch's once-per-run closure, if it has one.
  @usableFromInline var once: (@MainActor (Value) -> Bool)?
  /// The fetch this run waits for, while it waits: the watcher counts it (`await`, `stopAwaiting`).
  var awaited: SharedWork<Value>?

  init(
    cache: QueryCache, entry: QueryEntry<Value>, watcher: QueryWatcher<Value>, failureTime: Duration?,
    retry: RetryPolicy?, timeout: Duration?, clock: any Clock<Duration>
  ) {
    self.cache = cache
    self.entry = entry
    self.watcher = watcher
    self.failureTime = failureTime
    self.retry = retry
    self.timeout = timeout
    self.clock = clock
  }

  /// Joins the key's fetch (starting one with ``task`` when none is in flight) and waits for it.
  @usableFromInline
  func run() async throws -> Value {
    guard let task else { preconditionFailure("a query run's work is set before it runs") }
    return try await cache.join(
      entry, failureTime: failureTime, from: self, once: once, retry: retry, timeout: timeout, clock: clock,
      task: task)
  }

  /// This run's caller of the fetch ended: the watcher counts this run out of those that wait.
  func callerEnded() {
    guard let awaited else { return }
    self.awaited = nil
    watcher.stopAwaiting(awaited)
  }
}
