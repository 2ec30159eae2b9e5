/// A watching view model's run's part in a fetch another view model started: it waits for the
/// fetch without keeping it alive (see ``SharedWork/follow()``).
@usableFromInline
@MainActor
final class QueryFollow<Value> {
  let fetch: SharedWork<Value>

  init(fetch: SharedWork<Value>) {
    self.fetch = fetch
  }

  /// Waits for the fetch to end; its value reaches the watcher through the watch.
  ///
  /// A failure that is the key's (``QueryCache/keepsFailure``) is thrown, and so is
  /// `CancellationError` for one that reaches only the fetch's callers, or for the fetch
  /// cancelled when its last caller left: the action then just stops loading. Cancelling the
  /// run's task leaves the fetch alone.
  @usableFromInline
  func run() async throws {
    try await fetch.follow()
  }
}
