/// The one fetch of a key in flight, and the callers waiting for it.
///
/// Its callers join and leave by the rules of ``DispatchPolicy/joinRunning``, in the one
/// ``JoinedCallers`` list a view model's shared run keeps too: the fetch is cancelled when the
/// last one leaves. The fetch belongs to the cache, not to the view model whose dispatch started it.
@MainActor
final class QueryFetch<Value> {
  /// The task running the work.
  var task: Task<Void, Never>?
  /// The callers, in join order; some may have left.
  private var callers = JoinedCallers<QueryCaller<Value>>()
  /// How long the failure of this fetch is kept on the key, in nanoseconds.
  let failureTime: Int64
  /// Its number on the cache's ``QueryCache/sequence``, taken when it started.
  let sequence: UInt32
  /// Whether the key was invalidated while it ran: its value is recorded, but stale, and a new
  /// dispatch starts a fetch of its own instead of joining it.
  var isOutdated = false
  /// The callers' once-per-run closures, in join order: the first whose view model is alive
  /// (it returns `true`) is called when the fetch succeeds, and no other.
  var onceOnSuccess: [@MainActor (Value) -> Bool] = []
  /// The runs of watches that cannot fetch, following the fetch without keeping it alive: they
  /// are not callers, so the last caller leaving still cancels it.
  var followers: [QueryCaller<Void>] = []
  /// What its followers get once it ended: success (the value reached them through their
  /// watch), a failure, or `CancellationError` when its last caller left; `nil` while it runs.
  var outcome: Result<Void, any Error>?

  init(failureTime: Int64, sequence: UInt32) {
    self.failureTime = failureTime
    self.sequence = sequence
  }

  /// How many callers are attached.
  var attached: Int { callers.attached }

  /// Adds a caller.
  func join(_ caller: QueryCaller<Value>) {
    callers.join(caller)
  }

  /// Counts out a caller that left.
  ///
  /// - Returns: Whether no caller is attached any more.
  func leave(_ caller: QueryCaller<Value>) -> Bool {
    callers.leave { $0.continuation == nil }
  }

  /// Hands every caller still attached the result; their watchers wait for it no more.
  func resume(with result: Result<Value, any Error>) {
    for caller in callers.takeAll() {
      caller.watcher?.stopAwaiting(self)
      caller.resume(with: result)
    }
  }

  /// Ends the fetch for its followers: each gets `outcome`, and so does a follower whose run
  /// starts later.
  func endFollowers(with outcome: Result<Void, any Error>) {
    self.outcome = outcome
    let followers = self.followers
    self.followers = []
    for follower in followers { follower.resume(with: outcome) }
  }
}

/// One caller of a key's fetch: a view model's run (or a direct ``QueryCache/fetch(_:staleTime:failureTime:task:)``)
/// waiting for its result.
///
/// `@unchecked Sendable` only so that its task's cancellation handler can carry it to the main
/// actor; it is read and written on the main actor alone.
final class QueryCaller<Value>: @unchecked Sendable {
  /// Its waiting task, until the result or its leaving resumes it.
  var continuation: UnsafeContinuation<MainActorValue<Value>, any Error>?
  /// The watcher whose view model this caller is: the fetch's result reaches it through its run,
  /// so the cache does not deliver it to that watcher again.
  let watcher: QueryWatcher<Value>?

  init(watcher: QueryWatcher<Value>?) {
    self.watcher = watcher
  }

  /// Resumes its task with the result, once.
  func resume(with result: Result<Value, any Error>) {
    guard let continuation else { return }
    self.continuation = nil
    continuation.resume(with: result.map(MainActorValue.init))
  }
}

/// A value handed from the main actor to a task that resumes on the main actor: a fetch's result
/// to its callers, all of which run there (`@unchecked Sendable` for that reason alone).
struct MainActorValue<Value>: @unchecked Sendable {
  let value: Value
}
