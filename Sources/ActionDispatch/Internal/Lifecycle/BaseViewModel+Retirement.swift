extension BaseViewModel {
  /// The one way out: ends a live run, once, whoever asks first.
  ///
  /// A run that already ended is left alone, so completion, cancellation, supersession, a
  /// timeout and the release of the view model can race freely. Notifications go in one fixed
  /// order: the typed closure and the hook, the `On` handlers, the loading bookkeeping and
  /// `onStatusUpdate`, the event, then `finished`.
  ///
  /// - Parameters:
  ///   - runID: The run.
  ///   - actionId: Its action.
  ///   - ending: How it ended.
  ///   - cancelsWork: Whether to cancel the run's task, which is still doing work.
  func retire(_ runID: UInt64, of actionId: ActionId, _ ending: RunEnding, cancelsWork: Bool) {
    guard let run = runs.removeValue(forKey: runID), let state = states[actionId] else { return }
    unlink(run, from: state)
    run.timer?.cancel()
    run.turnWaiter?.resume()
    if cancelsWork { run.task?.cancel() }
    if case .failed(let error) = ending {
      state.failure = error
      state.failureWasRead = false
      idleWatch.actionFailed(actionId)
    }

    if isDelivering {
      // A callback ended this run: its state changes now, its notifications after the current one.
      let wentIdle = endLoading(of: actionId, in: state)
      pendingNotifications.append { [self] in
        notifyEnd(of: runID, run, actionId: actionId, ending, loading: .alreadyEnded(wentIdle: wentIdle), state: state)
      }
    } else {
      deliver { [self] in
        notifyEnd(of: runID, run, actionId: actionId, ending, loading: .endsHere, state: state)
      }
    }
  }

  /// Retires, as cancelled, every live run of the action older than the given one (all when `nil`).
  ///
  /// The runs are chosen first, so a run that a callback dispatches meanwhile is not among them.
  func retireAll(olderThan newest: UInt64?, of actionId: ActionId, in state: ActionState) {
    var doomed: [UInt64] = []
    var cursor = state.liveRuns.oldest
    while let runID = cursor, runID != newest {
      doomed.append(runID)
      cursor = runs[runID]?.next
    }
    guard !doomed.isEmpty else { return }
    deliver { [self] in
      for runID in doomed { retire(runID, of: actionId, .cancelled, cancelsWork: true) }
    }
  }

  /// Removes a run from its action's live runs, and wakes the next run if its turn has come.
  private func unlink(_ run: RunRecord, from state: ActionState) {
    if let previous = run.previous { runs[previous]?.next = run.next } else { state.liveRuns.oldest = run.next }
    if let next = run.next { runs[next]?.previous = run.previous } else { state.liveRuns.newest = run.previous }
    state.liveRuns.count -= 1
    if run.previous == nil, let oldest = state.liveRuns.oldest, let waiter = runs[oldest]?.turnWaiter {
      runs[oldest]?.turnWaiter = nil
      waiter.resume()
    }
  }

  /// How a run's end relates to its loading bookkeeping.
  enum LoadingEnd {
    /// The bookkeeping happens in order, among the notifications.
    case endsHere
    /// The bookkeeping happened when the run was retired; only `onStatusUpdate` is left to call.
    case alreadyEnded(wentIdle: Bool)
  }

  /// Counts a run out of its action's loading; `true` when the action went idle.
  private func endLoading(of actionId: ActionId, in state: ActionState) -> Bool {
    state.loadingCount -= 1
    guard state.loadingCount == 0 else { return false }
    state.isLoading = false
    state.loadingWasRead = false
    summary.loadingActionCount -= 1
    if indicatorIsTimed { indicatorStoppedLoading(actionId, state) }
    reclaimIfIdle(state, of: actionId)
    return true
  }

  /// Delivers a retired run's end, in the fixed order.
  private func notifyEnd(
    of runID: UInt64,
    _ run: RunRecord,
    actionId: ActionId,
    _ ending: RunEnding,
    loading: LoadingEnd,
    state: ActionState
  ) {
    let kind: ActionEvent<ActionId>.Kind
    var failure: (any Error)?
    switch ending {
    case .succeeded(let value, let deliver):
      kind = .succeeded
      deliver?()
      onSuccess(actionId: actionId, result: value)
      notifyObservers(of: actionId, run: runID) { $0.runSucceeded(with: value, while: $1) }
    case .failed(let error):
      kind = .failed
      failure = error
      run.onFailure?(error)
      onError(actionId: actionId, error: error)
      notifyObservers(of: actionId, run: runID) { $0.runFailed(with: error, while: $1) }
    case .cancelled:
      kind = .cancelled
      notifyObservers(of: actionId, run: runID) { $0.runCancelled(while: $1) }
    }

    let wentIdle: Bool
    switch loading {
    case .endsHere: wentIdle = endLoading(of: actionId, in: state)
    case .alreadyEnded(let idle): wentIdle = idle
    }
    if wentIdle { onStatusUpdate(actionId: actionId, isLoading: false) }

    if hasEventListeners {
      emit(
        ActionEvent(
          actionId: actionId, kind: kind, run: runID,
          duration: ContinuousClock.now - run.startedAt,
          errorMessage: failure.map(ErrorMessage.describe)),
        run: runID)
    }
    notifyObservers(of: actionId, run: runID) { $0.runFinished(while: $1) }
    if let onFinish = run.onFinish {
      switch kind {
      case .succeeded: onFinish(.succeeded)
      case .failed: onFinish(.failed)
      case .cancelled, .dropped, .started: onFinish(.cancelled)
      }
    }
  }

  /// Delivers a notification now, or — when called from inside one — right after it.
  ///
  /// This is what keeps re-entrant callbacks safe: a hook, observer or handler that
  /// dispatches, cancels or ends runs changes state at once, but every listener still sees
  /// each run's notifications in lifecycle order, one end per run.
  func deliver(_ notification: @escaping @MainActor () -> Void) {
    if isDelivering {
      pendingNotifications.append(notification)
      return
    }
    isDelivering = true
    notification()
    var index = 0
    while index < pendingNotifications.count {
      let next = pendingNotifications[index]
      index += 1
      next()
    }
    pendingNotifications.removeAll(keepingCapacity: true)
    isDelivering = false
  }
}
