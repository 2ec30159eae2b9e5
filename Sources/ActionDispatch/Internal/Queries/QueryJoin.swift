/// A view model's run's part in a key's fetch: what its work calls.
///
/// It carries the dispatch's `retry:` and `timeout:` to the fetch: a fetch it starts retries and
/// times out by them; when it joins a fetch in flight, the fetch keeps its own, and the timeout
/// bounds only this run's wait.
@usableFromInline
@MainActor
final class QueryJoin<Value> {
  let cache: QueryCache
  let entry: QueryEntry<Value>
  let watcher: QueryWatcher<Value>
  let failureTime: Duration?
  let retry: RetryPolicy?
  let timeout: Duration?
  /// The view model's clock: backoffs and timeouts wait on it.
  let clock: any Clock<Duration>

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

  /// Joins the key's fetch (starting one with `task` when none is in flight) and waits for it.
  @usableFromInline
  func run(
    once: (@MainActor (Value) -> Bool)?, task: @escaping @MainActor () async throws -> Value
  ) async throws
    -> Value
  {
    try await cache.join(
      entry, failureTime: failureTime, watcher: watcher, once: once, retry: retry, timeout: timeout, clock: clock,
      task: task)
  }
}
