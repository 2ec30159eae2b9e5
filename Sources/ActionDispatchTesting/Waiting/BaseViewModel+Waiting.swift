import ActionDispatch

extension BaseViewModel {
  /// Waits until the action has no run in flight.
  ///
  /// Returns at once when the action is idle. Driven by the view model's events, not by polling.
  /// For work you dispatched yourself, awaiting the task `dispatch` returned is simpler.
  ///
  /// The limit bounds a wait without progress, not the whole wait: each lifecycle event of the
  /// view model starts it again, so a busy machine that runs the work slowly does not trip it,
  /// and work that is stuck still fails the test instead of hanging it.
  ///
  /// ```swift
  /// viewModel.search("octo")
  /// try await viewModel.waitUntilIdle(.searchUsers)
  /// ```
  ///
  /// - Parameters:
  ///   - actionId: The action to wait for.
  ///   - limit: A safety net against a test that would otherwise hang: how long the wait may go
  ///     without a lifecycle event of the view model; real time.
  /// - Throws: ``WaitTimeoutError`` when the action is still loading and no event came for `limit`.
  public func waitUntilIdle(_ actionId: ActionId, limit: Duration = WaitTimeoutError.defaultLimit) async throws {
    try await waitUntil("\(actionId) to be idle", limit: limit) { viewModel in
      !viewModel.isLoading(for: actionId)
    }
  }

  /// Waits until no action has a run in flight.
  ///
  /// - Parameter limit: A safety net against a test that would otherwise hang: how long the wait
  ///   may go without a lifecycle event of the view model; real time.
  /// - Throws: ``WaitTimeoutError`` when an action is still loading and no event came for `limit`.
  public func waitUntilAllIdle(limit: Duration = WaitTimeoutError.defaultLimit) async throws {
    try await waitUntil("every action to be idle", limit: limit) { !$0.isAnyLoading }
  }

  /// Waits until a condition on the view model holds, checking it after each lifecycle event.
  ///
  /// The condition is checked again once the notifications of that event have all been
  /// delivered: a callback later in the same delivery (a `finished` handler that dispatches the
  /// next run, say) can undo it, and then the wait goes on.
  ///
  /// - Parameters:
  ///   - description: What is awaited, for the error message.
  ///   - limit: A safety net against a test that would otherwise hang: how long the wait may go
  ///     without a lifecycle event of the view model; real time. Each event starts it again.
  ///   - condition: Checked now and after every event.
  /// - Throws: ``WaitTimeoutError`` when the condition still fails and no event came for `limit`.
  public func waitUntil(
    _ description: String,
    limit: Duration = WaitTimeoutError.defaultLimit,
    _ condition: @escaping @MainActor (BaseViewModel) -> Bool
  ) async throws {
    if condition(self) { return }
    let waiter = ConditionWaiter()
    let token = observeEventsOfEveryRun { [weak self] _ in
      waiter.progressed()
      guard let self, condition(self) else { return }
      waiter.signal()
    }
    defer { token.cancel() }
    // Fails the wait once a whole `limit` passed without an event.
    let timer = Task { @MainActor in
      var seen = waiter.progress
      while true {
        do { try await Task.sleep(for: limit) } catch { return }
        if waiter.progress == seen { break }
        seen = waiter.progress
      }
      waiter.fail(WaitTimeoutError(awaited: description, limit: limit))
    }
    defer { timer.cancel() }
    // The waiting task resumes on the main actor after the delivery that signalled it is over.
    repeat { try await waiter.wait() } while !condition(self)
  }
}

/// Wakes a waiting test each time an event met its condition, or fails it once a whole limit
/// passes without an event.
@MainActor
private final class ConditionWaiter {
  private var continuation: CheckedContinuation<Void, any Error>?
  private var isSignalled = false
  private var failure: (any Error)?
  /// How many events the view model sent while waiting.
  private(set) var progress = 0

  /// Returns after the next ``signal()`` (or one that came first); throws once ``fail(_:)`` was called.
  func wait() async throws {
    if let failure { throw failure }
    if isSignalled {
      isSignalled = false
      return
    }
    try await withCheckedThrowingContinuation { continuation = $0 }
  }

  /// The view model sent an event: the wait is not stuck.
  func progressed() {
    progress += 1
  }

  /// An event met the condition.
  func signal() {
    guard let continuation else { return isSignalled = true }
    self.continuation = nil
    continuation.resume()
  }

  /// The limit passed: the current and every later ``wait()`` throws `error`.
  func fail(_ error: any Error) {
    failure = error
    continuation?.resume(throwing: error)
    continuation = nil
  }
}
