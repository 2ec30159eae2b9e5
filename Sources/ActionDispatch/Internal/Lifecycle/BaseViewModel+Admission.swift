extension BaseViewModel {
  /// The one way in: admits (or drops) a dispatch and starts its run's task.
  ///
  /// State changes at once — the action is loading when this returns, its old error is gone —
  /// and the run's `started` notifications are delivered now, or after the notification being
  /// delivered when a callback dispatches (see ``deliver(_:)``). `onAccepted` is given the run's
  /// number when it is accepted, before its work can start (a streaming run tags its elements).
  func startRun<T>(
    actionId: ActionId,
    policy: DispatchPolicy,
    retry: RetryPolicy?,
    timeout: Duration?,
    task work: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)?,
    onFailure: (@MainActor (any Error) -> Void)?,
    onFinish: (@MainActor (RunOutcome) -> Void)?,
    onAccepted: (@MainActor (UInt64) -> Void)? = nil
  ) -> Task<Void, Never> {
    let runID = nextRunID
    nextRunID &+= 1
    let existing = states[actionId]
    let hasLiveRuns = existing.map { !$0.liveRuns.isEmpty } ?? false

    let admission = Admission(
      policy: policy, hasLiveRuns: hasLiveRuns, throttleWindowIsOpen: existing?.throttle != nil)
    let supersedes: Bool
    let start: Admission.Start
    let window: Duration?
    switch admission {
    case .drop:
      deliver { [self] in
        emit(ActionEvent(actionId: actionId, kind: .dropped, run: runID), run: runID)
        onFinish?(.cancelled)
      }
      return Task {}
    case .hold:
      return hold(runID, of: actionId, onFinish: onFinish) { [weak self] in
        self?.startRun(
          actionId: actionId, policy: policy, retry: retry, timeout: timeout, task: work,
          onSuccess: onSuccess, onFailure: onFailure, onFinish: onFinish, onAccepted: onAccepted)
      }
    case .accept(let supersedesOlder, let startsAt, let opensWindow):
      (supersedes, start, window) = (supersedesOlder, startsAt, opensWindow)
    }
    onAccepted?(runID)

    let state = existing ?? makeState(for: actionId)
    if state.failure != nil {
      state.failure = nil
      state.failureWasRead = false
    }
    link(
      runID,
      RunRecord(
        startedAt: .now, onFailure: onFailure, onFinish: onFinish,
        waitsForTurn: start == .afterPredecessors, previous: state.liveRuns.newest),
      into: state)
    runs[runID]?.task = makeRunTask(
      runID, of: actionId, start: start, retry: retry, timeout: timeout, work: work, onSuccess: onSuccess)

    if let window { openThrottleWindow(window, of: actionId, in: state) }

    state.loadingCount += 1
    let becameLoading = state.loadingCount == 1
    if becameLoading {
      state.isLoading = true
      state.loadingWasRead = false
      summary.loadingActionCount += 1
      if indicatorIsTimed { indicatorStartedLoading(actionId, state) }
    }
    deliver { [self] in
      if becameLoading { onStatusUpdate(actionId: actionId, isLoading: true) }
      emit(ActionEvent(actionId: actionId, kind: .started, run: runID), run: runID)
      notifyObservers(of: actionId, run: runID) { $0.runStarted(while: $1) }
    }
    if supersedes {
      retireAll(olderThan: runID, of: actionId, in: state)
    }
    return runs[runID]?.task ?? Task {}
  }

  /// Appends a run to its action's live runs.
  private func link(_ runID: UInt64, _ record: RunRecord, into state: ActionState) {
    runs[runID] = record
    if let newest = state.liveRuns.newest {
      runs[newest]?.next = runID
    } else {
      state.liveRuns.oldest = runID
    }
    state.liveRuns.newest = runID
    state.liveRuns.count += 1
  }

  /// The run's task: wait for its turn or quiet period, then the work, then the one way out.
  ///
  /// It holds the view model weakly, so releasing the view model cancels the run.
  private func makeRunTask<T>(
    _ runID: UInt64,
    of actionId: ActionId,
    start: Admission.Start,
    retry: RetryPolicy?,
    timeout: Duration?,
    work: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)?
  ) -> Task<Void, Never> {
    let clock = self.clock
    return Task { @MainActor [weak self] in
      await withTaskCancellationHandler {
        switch start {
        case .now:
          break
        case .afterPredecessors:
          await withCheckedContinuation { continuation in
            guard let self, self.waitForTurn(runID, continuation) else { return continuation.resume() }
          }
        case .afterQuietPeriod(let quiet):
          do {
            try await clock.sleep(for: quiet)
          } catch {
            self?.retire(runID, of: actionId, .cancelled, cancelsWork: false)
            return
          }
        }
        guard self?.beginWork(runID, of: actionId, timeout: timeout, clock: clock) == true else { return }
        let outcome: Result<T, any Error>
        do {
          // The common case calls the work directly: no extra async frame, no executor hop.
          if let retry {
            let isLive: @MainActor () -> Bool = { [weak self] in self?.runs[runID] != nil }
            outcome = .success(try await Self.perform(work, retry: retry, clock: clock, while: isLive))
          } else {
            outcome = .success(try await work())
          }
        } catch {
          outcome = .failure(error)
        }
        self?.complete(runID, of: actionId, with: outcome, onSuccess: onSuccess)
      } onCancel: { [weak self] in
        // Possibly on another thread: retire on the main actor. A run that already ended
        // (the usual case, when the framework cancelled it) makes this a no-op.
        Task { @MainActor [weak self] in self?.retire(runID, of: actionId, .cancelled, cancelsWork: false) }
      }
    }
  }

  /// Parks a run until every older run of its action has ended; `false` when it need not wait.
  private func waitForTurn(_ runID: UInt64, _ continuation: CheckedContinuation<Void, Never>) -> Bool {
    guard let run = runs[runID], run.previous != nil else { return false }
    runs[runID]?.turnWaiter = continuation
    return true
  }

  /// Checks that the run may start its work, and starts its timeout; `false` if it ended.
  private func beginWork(
    _ runID: UInt64, of actionId: ActionId, timeout: Duration?, clock: any Clock<Duration>
  )
    -> Bool
  {
    guard runs[runID] != nil else { return false }
    if Task.isCancelled {
      retire(runID, of: actionId, .cancelled, cancelsWork: false)
      return false
    }
    if let timeout {
      runs[runID]?.timer = Task { @MainActor [weak self] in
        do { try await clock.sleep(for: timeout) } catch { return }
        self?.timeOut(runID, of: actionId, after: timeout)
      }
    }
    return true
  }

  /// The timeout fired: the run fails — unless it was cancelled first, which it then ends as.
  private func timeOut(_ runID: UInt64, of actionId: ActionId, after limit: Duration) {
    guard let run = runs[runID] else { return }
    let ending: RunEnding = run.task?.isCancelled == true ? .cancelled : .failed(ActionTimeoutError(timeout: limit))
    retire(runID, of: actionId, ending, cancelsWork: true)
  }

  /// The work returned or threw: retire the run with that outcome, if it is still live.
  private func complete<T>(
    _ runID: UInt64,
    of actionId: ActionId,
    with outcome: Result<T, any Error>,
    onSuccess: (@MainActor (T) -> Void)?
  ) {
    guard runs[runID] != nil else { return }
    let ending: RunEnding
    if Task.isCancelled {
      ending = .cancelled
    } else {
      switch outcome {
      case .success(let value):
        var deliver: (@MainActor () -> Void)?
        if let onSuccess { deliver = { onSuccess(value) } }
        ending = .succeeded(value: value, deliver: deliver)
      case .failure(let error) where error is CancellationError:
        ending = .cancelled
      case .failure(let error):
        ending = .failed(error)
      }
    }
    retire(runID, of: actionId, ending, cancelsWork: false)
  }

  /// Runs the work, retrying per the policy. Main-actor isolated, so calling the work is no hop.
  ///
  /// Before every attempt after the first it checks that the run is still live and not
  /// cancelled: a cancel or timeout that lands during or right after a backoff starts nothing.
  @MainActor
  static func perform<T>(
    _ work: @MainActor () async throws -> T,
    retry: RetryPolicy,
    clock: any Clock<Duration>,
    while isLive: @MainActor () -> Bool
  ) async throws -> T {
    var attempt = 1
    while true {
      do {
        return try await work()
      } catch {
        let retryable = attempt < retry.maxAttempts && !(error is CancellationError) && !Task.isCancelled
        guard retryable, retry.shouldRetry(error) else { throw error }
        try await clock.sleep(for: retry.backoff(after: attempt))
        guard !Task.isCancelled, isLive() else { throw CancellationError() }
        attempt += 1
      }
    }
  }
}
