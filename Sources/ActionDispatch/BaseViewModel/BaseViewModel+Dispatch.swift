extension BaseViewModel {
  /// Runs async work as a run of an action, with loading and error state, hooks and events.
  ///
  /// ```swift
  /// dispatch(actionId: .fetchFollowers, task: { [service] in
  ///   try await service.followers(of: login)
  /// }) { page in
  ///   self.followers = page.followers
  /// }
  /// ```
  ///
  /// The action is loading as soon as `dispatch` returns; its previous error is cleared.
  /// When the work returns, `onSuccess` and then the ``onSuccess(actionId:result:)`` hook run;
  /// when it throws, ``error(for:)`` records the error and then ``onError(actionId:error:)``
  /// runs. Loading ends after that. A run that is cancelled or superseded never delivers,
  /// even if its work ignores cancellation and returns later.
  ///
  /// - Parameters:
  ///   - actionId: The action this run belongs to.
  ///   - policy: What to do with runs of the same action already in flight.
  ///   - retry: How to retry the work when it throws; no retries by default.
  ///   - timeout: The longest the run may take, retries included; the run then fails with
  ///     ``ActionTimeoutError``. Measured on the view model's clock.
  ///   - task: The work. It starts on the main actor; `await` hops off it.
  ///   - onSuccess: Receives the work's result, typed, on the main actor.
  /// - Returns: The run's task. Awaiting it waits for the run's whole lifecycle, hooks included;
  ///   cancelling it cancels the run.
  @discardableResult
  public func dispatch<T>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)? = nil
  ) -> Task<Void, Never> {
    startRun(
      actionId: actionId, policy: policy, retry: retry, timeout: timeout,
      task: task, onSuccess: onSuccess, onFinish: nil)
  }

  /// Accepts (or drops) one run and starts its task.
  func startRun<T>(
    actionId: ActionId,
    policy: DispatchPolicy,
    retry: RetryPolicy?,
    timeout: Duration?,
    task work: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)?,
    onFinish: (@MainActor (RunOutcome) -> Void)?
  ) -> Task<Void, Never> {
    let state = state(for: actionId)
    let runID = nextRunID
    nextRunID &+= 1

    if case .ignoreWhileRunning = policy, !state.runs.isEmpty {
      emit(ActionEvent(actionId: actionId, kind: .dropped, run: runID))
      onFinish?(.cancelled)
      return Task {}
    }

    if state.failure != nil { state.failure = nil }
    let predecessor: Task<Void, Never>? = if case .enqueue = policy { state.runs.last?.task } else { nil }
    let clock = self.clock

    let handle = Task { @MainActor [weak self] in
      if let predecessor { await predecessor.value }
      if case .debounce(let quiet) = policy {
        do {
          try await clock.sleep(for: quiet)
        } catch {
          self?.cancelRun(runID, of: actionId)
          return
        }
      }
      if Task.isCancelled {
        self?.cancelRun(runID, of: actionId)
        return
      }
      let timer = timeout.map { limit in
        Task { @MainActor [weak self] in
          do { try await clock.sleep(for: limit) } catch { return }
          self?.timeOutRun(runID, of: actionId, after: limit)
        }
      }
      let outcome: Result<T, any Error>
      do {
        // The common case calls the work directly: no extra async frame, no executor hop.
        if let retry {
          outcome = .success(try await Self.perform(work, retry: retry, clock: clock))
        } else {
          outcome = .success(try await work())
        }
      } catch {
        outcome = .failure(error)
      }
      timer?.cancel()
      self?.finishRun(runID, of: actionId, with: outcome, onSuccess: onSuccess)
    }

    state.runs.append(Run(id: runID, task: handle, startedAt: .now, onFinish: onFinish))
    state.runningCount += 1
    if state.runningCount == 1 {
      summary.loadingActionCount += 1
      onStatusUpdate(actionId: actionId, isLoading: true)
    }
    emit(ActionEvent(actionId: actionId, kind: .started, run: runID))
    notifyObservers(of: actionId, in: state) { $0.runStarted() }

    switch policy {
    case .cancelPrevious, .debounce:
      if state.runs.count > 1 {
        let superseded = state.runs.dropLast()
        state.runs.removeFirst(superseded.count)
        for run in superseded { endCancelled(run, of: actionId, in: state) }
      }
    case .concurrent, .ignoreWhileRunning, .enqueue:
      break
    }
    return handle
  }

  /// Runs the work, retrying per the policy. Main-actor isolated, so calling the work is no hop.
  @MainActor
  static func perform<T>(
    _ work: @MainActor () async throws -> T,
    retry: RetryPolicy,
    clock: any Clock<Duration>
  ) async throws -> T {
    var attempt = 1
    while true {
      do {
        return try await work()
      } catch {
        let retryable = attempt < retry.maxAttempts && !(error is CancellationError) && !Task.isCancelled
        guard retryable, retry.shouldRetry(error) else { throw error }
        try await clock.sleep(for: retry.backoff(after: attempt))
        attempt += 1
      }
    }
  }

  /// Delivers a live run's outcome and ends it; a run that already ended delivers nothing.
  func finishRun<T>(
    _ runID: UInt64,
    of actionId: ActionId,
    with outcome: Result<T, any Error>,
    onSuccess: (@MainActor (T) -> Void)?
  ) {
    guard let state = states[actionId], let index = state.index(of: runID) else { return }
    let run = state.runs.remove(at: index)
    if Task.isCancelled {
      endCancelled(run, of: actionId, in: state)
      return
    }
    switch outcome {
    case .success(let value):
      onSuccess?(value)
      self.onSuccess(actionId: actionId, result: value)
      notifyObservers(of: actionId, in: state) { $0.runSucceeded(with: value) }
      end(run, of: actionId, in: state, as: .succeeded, error: nil)
    case .failure(let error) where error is CancellationError:
      endCancelled(run, of: actionId, in: state)
    case .failure(let error):
      fail(run, of: actionId, in: state, with: error)
    }
  }

  /// Ends a live run as cancelled; a run that already ended is left alone.
  func cancelRun(_ runID: UInt64, of actionId: ActionId) {
    guard let state = states[actionId], let index = state.index(of: runID) else { return }
    endCancelled(state.runs.remove(at: index), of: actionId, in: state)
  }

  /// Fails a live run whose timeout fired, and cancels its work.
  func timeOutRun(_ runID: UInt64, of actionId: ActionId, after limit: Duration) {
    guard let state = states[actionId], let index = state.index(of: runID) else { return }
    let run = state.runs.remove(at: index)
    run.task?.cancel()
    fail(run, of: actionId, in: state, with: ActionTimeoutError(timeout: limit))
  }

  /// Records the error, then notifies; bookkeeping first, so hooks are notifications only.
  private func fail(_ run: Run, of actionId: ActionId, in state: ActionState, with error: any Error) {
    state.failure = error
    onError(actionId: actionId, error: error)
    notifyObservers(of: actionId, in: state) { $0.runFailed(with: error) }
    end(run, of: actionId, in: state, as: .failed, error: error)
  }

  /// Ends a run that was already removed from its action's runs as cancelled.
  func endCancelled(_ run: Run, of actionId: ActionId, in state: ActionState) {
    run.task?.cancel()
    notifyObservers(of: actionId, in: state) { $0.runCancelled() }
    end(run, of: actionId, in: state, as: .cancelled, error: nil)
  }

  /// Loading bookkeeping and the terminal event, common to every way a run ends.
  private func end(
    _ run: Run,
    of actionId: ActionId,
    in state: ActionState,
    as kind: ActionEvent<ActionId>.Kind,
    error: (any Error)?
  ) {
    state.runningCount -= 1
    if state.runningCount == 0 {
      summary.loadingActionCount -= 1
      onStatusUpdate(actionId: actionId, isLoading: false)
    }
    if let onFinish = run.onFinish {
      switch kind {
      case .succeeded: onFinish(.succeeded)
      case .failed: onFinish(.failed)
      case .cancelled, .dropped, .started: onFinish(.cancelled)
      }
    }
    if hasEventListeners {
      emit(
        ActionEvent(
          actionId: actionId, kind: kind, run: run.id,
          duration: ContinuousClock.now - run.startedAt,
          errorMessage: error.map(ErrorMessage.describe)))
    }
    notifyObservers(of: actionId, in: state) { $0.runFinished() }
  }
}
