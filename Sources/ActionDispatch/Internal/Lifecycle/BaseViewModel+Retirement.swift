extension BaseViewModel {
  /// The one way out: ends a live run, once, whoever asks first.
  ///
  /// A run that already ended is left alone, so completion, cancellation, supersession, a
  /// timeout and the release of the view model can race freely. Notifications go in one fixed
  /// order: the typed closure and the hook, the `On` handlers, the loading bookkeeping and
  /// `onStatusUpdate`, the event, then `finished`.
  ///
  /// - Parameters:
  ///   - run: The run.
  ///   - actionId: Its action.
  ///   - ending: How it ended.
  ///   - cancelsWork: Whether to cancel the run's task, which is still doing work.
  ///
  /// Never inlined into a run's task, like ``succeed(_:of:with:onSuccess:)``: the task's async
  /// frame then holds only what crosses its one `await`, and fits the task's first allocation.
  @inline(never)
  func retire(_ run: Run, of actionId: ActionId, _ ending: RunEnding, cancelsWork: Bool) {
    guard run.isLive else { return }
    detach(run, cancelsWork: cancelsWork)
    if case .failed(let error) = ending {
      run.state.failure = error
      run.state.failureWasRead = false
      idleWatch.actionFailed(actionId)
    }

    if isDelivering {
      // A callback ended this run: its state changes now, its notifications after the current one.
      let wentIdle = endLoading(of: actionId, in: run.state)
      pendingNotifications.append { [self] in
        notifyEnd(of: run, actionId: actionId, ending, loading: .alreadyEnded(wentIdle: wentIdle))
      }
    } else {
      isDelivering = true
      notifyEnd(of: run, actionId: actionId, ending, loading: .endsHere)
      finishDelivering()
    }
  }

  /// Retires a run whose work returned, delivering the value typed: ``retire(_:of:_:cancelsWork:)``
  /// without boxing the value or allocating a closure, since a run's task (where this is called)
  /// never runs inside a notification.
  @inline(never) @usableFromInline
  func succeed<T>(_ run: Run, of actionId: ActionId, with value: T, onSuccess: (@MainActor (T) -> Void)?) {
    guard run.isLive else { return }
    guard !Task.isCancelled else { return retire(run, of: actionId, .cancelled, cancelsWork: false) }
    guard !isDelivering else {
      let deliver: @MainActor () -> Void = { [self] in
        onSuccess?(value)
        self.onSuccess(actionId: actionId, result: value)
      }
      return retire(run, of: actionId, .succeeded(value: value, deliver: deliver), cancelsWork: false)
    }
    detach(run, cancelsWork: false)
    isDelivering = true
    onSuccess?(value)
    self.onSuccess(actionId: actionId, result: value)
    if listeners.hasObservers { notifyObservers(of: actionId, run: run.id) { $0.runSucceeded(with: value, while: $1) } }
    notifyEnd(of: run, actionId: actionId, .succeeded, failure: nil, loading: .endsHere)
    finishDelivering()
  }

  /// Takes a live run out of its action: it is no longer live, its timer stops, a task waiting
  /// for its turn wakes, and (if asked) its work is cancelled.
  private func detach(_ run: Run, cancelsWork: Bool) {
    run.isLive = false
    unlink(run, from: run.state)
    run.timer?.cancel()
    if let waiter = run.turnWaiter {
      run.turnWaiter = nil
      waiter.resume()
    }
    if cancelsWork { run.task?.cancel() }
  }

  /// Retires, as cancelled, every live run of the action older than the given one (all when `nil`).
  ///
  /// The runs are chosen first, so a run that a callback dispatches meanwhile is not among them.
  func retireAll(olderThan newest: Run?, of actionId: ActionId, in state: ActionState) {
    var doomed: [Run] = []
    state.liveRuns.forEach { run in
      guard run !== newest else { return false }
      doomed.append(run)
      return true
    }
    guard !doomed.isEmpty else { return }
    deliver { [self] in
      for run in doomed { retire(run, of: actionId, .cancelled, cancelsWork: true) }
    }
  }

  /// Removes a run from its action's live runs, and wakes the next run if its turn has come.
  private func unlink(_ run: Run, from state: ActionState) {
    let wasOldest = state.liveRuns.oldest === run
    state.liveRuns.remove(run)
    if wasOldest, let oldest = state.liveRuns.oldest, let waiter = oldest.turnWaiter {
      oldest.turnWaiter = nil
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
    state.setLoading(false)
    summary.add(-1)
    if indicatorIsTimed { indicatorStoppedLoading(actionId, state) }
    reclaimIfIdle(state, of: actionId)
    return true
  }

  /// Delivers a retired run's end, in the fixed order.
  private func notifyEnd(of run: Run, actionId: ActionId, _ ending: RunEnding, loading: LoadingEnd) {
    switch ending {
    case .succeeded(let value, let deliver):
      deliver()
      if listeners.hasObservers {
        notifyObservers(of: actionId, run: run.id) { $0.runSucceeded(with: value, while: $1) }
      }
      notifyEnd(of: run, actionId: actionId, .succeeded, failure: nil, loading: loading)
    case .failed(let error):
      run.onFailure?(error)
      onError(actionId: actionId, error: error)
      if listeners.hasObservers { notifyObservers(of: actionId, run: run.id) { $0.runFailed(with: error, while: $1) } }
      notifyEnd(of: run, actionId: actionId, .failed, failure: error, loading: loading)
    case .cancelled:
      if listeners.hasObservers { notifyObservers(of: actionId, run: run.id) { $0.runCancelled(while: $1) } }
      notifyEnd(of: run, actionId: actionId, .cancelled, failure: nil, loading: loading)
    }
  }

  /// Delivers what follows a run's result in the fixed order: loading and `onStatusUpdate`, the
  /// event, `finished`, and the group's `onFinish`.
  private func notifyEnd(
    of run: Run, actionId: ActionId, _ outcome: RunOutcome, failure: (any Error)?, loading: LoadingEnd
  ) {
    let wentIdle: Bool
    switch loading {
    case .endsHere: wentIdle = endLoading(of: actionId, in: run.state)
    case .alreadyEnded(let idle): wentIdle = idle
    }
    if wentIdle { onStatusUpdate(actionId: actionId, isLoading: false) }

    if listeners.hasEventListeners {
      let kind: ActionEvent<ActionId>.Kind
      switch outcome {
      case .succeeded: kind = .succeeded
      case .failed: kind = .failed
      case .cancelled: kind = .cancelled
      }
      emit(
        ActionEvent(
          actionId: actionId, kind: kind, run: run.id,
          duration: run.startedAt.map { Run.now() - $0 },
          errorMessage: failure.map(ErrorMessage.describe)),
        run: run.id)
    }
    if listeners.hasObservers { notifyObservers(of: actionId, run: run.id) { $0.runFinished(while: $1) } }
    run.onFinish?(outcome)
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
    finishDelivering()
  }

  /// Ends the delivery in progress: delivers what it raised, in order, then clears the flag.
  ///
  /// The hot paths set ``isDelivering`` and deliver inline, without allocating a closure, when
  /// nothing is being delivered; they end with this.
  func finishDelivering() {
    if !pendingNotifications.isEmpty {
      var index = 0
      while index < pendingNotifications.count {
        let next = pendingNotifications[index]
        index += 1
        next()
      }
      pendingNotifications.removeAll(keepingCapacity: true)
    }
    isDelivering = false
  }
}
