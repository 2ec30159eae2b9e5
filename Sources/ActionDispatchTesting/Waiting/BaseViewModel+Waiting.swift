import ActionDispatch

extension BaseViewModel {
  /// Waits until the action has no run in flight.
  ///
  /// Returns at once when the action is idle. Driven by the view model's events, not by polling.
  /// For work you dispatched yourself, awaiting the task `dispatch` returned is simpler.
  ///
  /// ```swift
  /// viewModel.search("octo")
  /// try await viewModel.waitUntilIdle(.searchUsers)
  /// ```
  ///
  /// - Parameters:
  ///   - actionId: The action to wait for.
  ///   - limit: A safety net against a test that would otherwise hang; real time.
  /// - Throws: ``WaitTimeoutError`` when the action is still loading after `limit`.
  public func waitUntilIdle(_ actionId: ActionId, limit: Duration = .seconds(10)) async throws {
    try await waitUntil("\(actionId) to be idle", limit: limit) { viewModel in
      !viewModel.isLoading(for: actionId)
    }
  }

  /// Waits until no action has a run in flight.
  ///
  /// - Parameter limit: A safety net against a test that would otherwise hang; real time.
  /// - Throws: ``WaitTimeoutError`` when an action is still loading after `limit`.
  public func waitUntilAllIdle(limit: Duration = .seconds(10)) async throws {
    try await waitUntil("every action to be idle", limit: limit) { !$0.isAnyLoading }
  }

  /// Waits until a condition on the view model holds, checking it after each lifecycle event.
  ///
  /// - Parameters:
  ///   - description: What is awaited, for the error message.
  ///   - limit: A safety net against a test that would otherwise hang; real time.
  ///   - condition: Checked now and after every event.
  /// - Throws: ``WaitTimeoutError`` when the condition still fails after `limit`.
  public func waitUntil(
    _ description: String,
    limit: Duration = .seconds(10),
    _ condition: @escaping @MainActor (BaseViewModel) -> Bool
  ) async throws {
    if condition(self) { return }
    let waiter = ConditionWaiter()
    let token = observeEventsOfEveryRun { [weak self] _ in
      guard let self, condition(self) else { return }
      waiter.resolve(.success(()))
    }
    defer { token.cancel() }
    let timer = Task { @MainActor in
      try? await Task.sleep(for: limit)
      waiter.resolve(.failure(WaitTimeoutError(awaited: description, limit: limit)))
    }
    defer { timer.cancel() }
    try await waiter.wait()
  }
}

/// Resolves once, whoever comes first: the condition or the time limit.
@MainActor
private final class ConditionWaiter {
  private var continuation: CheckedContinuation<Void, any Error>?
  private var result: Result<Void, any Error>?

  func wait() async throws {
    if let result { return try result.get() }
    try await withCheckedThrowingContinuation { continuation = $0 }
  }

  func resolve(_ outcome: Result<Void, any Error>) {
    guard result == nil else { return }
    result = outcome
    continuation?.resume(with: outcome)
    continuation = nil
  }
}
