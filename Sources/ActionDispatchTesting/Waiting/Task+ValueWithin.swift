import ActionDispatch

extension Task where Failure == Never {
  /// Awaits the task's value, for at most `limit` of real time.
  ///
  /// `await run.value` waits as long as the work does, so a run that never ends hangs the
  /// test; this fails it instead, saying what it waited for.
  ///
  /// ```swift
  /// let run = viewModel.load()
  /// try await run.value(within: .seconds(5))
  /// ```
  ///
  /// The task is left running when the limit passes: cancel it, or let a strict test's
  /// ``StrictHarness`` report it as work left running.
  ///
  /// - Parameter limit: How long to wait, in real time; ``WaitTimeoutError/defaultLimit`` by default.
  /// - Returns: The task's value.
  /// - Throws: ``WaitTimeoutError`` when the task did not end within `limit`.
  public func value(within limit: Duration = WaitTimeoutError.defaultLimit) async throws -> Success {
    try await awaitValue(within: limit) { await self.value }
  }
}

extension Task where Failure == any Error {
  /// Awaits the task's value, for at most `limit` of real time, as the non-throwing task's form does.
  ///
  /// - Parameter limit: How long to wait, in real time; ``WaitTimeoutError/defaultLimit`` by default.
  /// - Returns: The task's value.
  /// - Throws: What the task throws, or ``WaitTimeoutError`` when it did not end within `limit`.
  public func value(within limit: Duration = WaitTimeoutError.defaultLimit) async throws -> Success {
    try await awaitValue(within: limit) { try await self.value }
  }
}

/// Runs `value` and returns what it returns, or throws ``WaitTimeoutError`` once `limit` passes first.
private func awaitValue<Value: Sendable>(
  within limit: Duration, _ value: @escaping @Sendable () async throws -> Value
) async throws -> Value {
  let waiter = LockedState<(continuation: CheckedContinuation<Value, any Error>?, timer: Task<Void, Never>?)>(
    (nil, nil))
  // Whichever comes first, the value or the limit, takes the continuation; the other finds none.
  let take = { @Sendable in
    waiter.withLock { state in
      defer { state.continuation = nil }
      return state.continuation
    }
  }
  return try await withCheckedThrowingContinuation { continuation in
    waiter.withLock { $0.continuation = continuation }
    // Detached, so that inside a serial executor scope neither is the test's work.
    Task.detached {
      let result: Result<Value, any Error>
      do { result = .success(try await value()) } catch { result = .failure(error) }
      waiter.withLock { $0.timer }?.cancel()
      take()?.resume(with: result)
    }
    let timer = Task.detached {
      do { try await Task.sleep(for: limit) } catch { return }
      take()?.resume(throwing: WaitTimeoutError(awaited: "the task to end", limit: limit))
    }
    waiter.withLock { $0.timer = timer }
  }
}
