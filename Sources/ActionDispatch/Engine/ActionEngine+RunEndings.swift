// The ends of a run other than a success: a failure, a cancel (from outside, by the view model, or
// by a timeout) and the runs a cancel or another action's dispatch ends.

extension ActionEngine {
  /// The work threw: the run fails, or ends as cancelled when that is why it threw. The task
  /// calls it only while the run is live.
  @inline(never) @usableFromInline
  func retire(_ run: Run, of actionId: ActionId, afterWorkThrew error: any Error) {
    if Task.isCancelled || error is CancellationError {
      retire(run, of: actionId, cancelled: false)
    } else {
      retire(run, of: actionId, failedWith: error)
    }
  }

  /// The timeout fired: the run fails — unless it was cancelled first, which it then ends as.
  func retire(_ run: Run, of actionId: ActionId, timedOutAfter limit: Duration) {
    guard run.isLive else { return }
    if run.task?.isCancelled == true {
      retire(run, of: actionId, cancelled: false)
    } else {
      run.cancelTask()
      retire(run, of: actionId, failedWith: ActionTimeoutError(timeout: limit))
    }
  }

  /// The run's task was cancelled from outside (its returned task, a group, a waiting caller),
  /// possibly on another thread: retires the run on the main actor's next turn, even if its work
  /// ignores the cancel.
  ///
  /// When the view model cancelled the task itself, it had retired the run first and said so
  /// (``Run/cancelTask()``): then nothing is left to do, and no task is started.
  @usableFromInline
  nonisolated static func retireWhenCancelled(
    _ run: Run, of actionId: ActionId, _ owner: WeakReference<BaseViewModel<ActionId>>
  ) {
    guard !Run.isCancelledByViewModel else { return }
    Task { @MainActor in
      guard run.isLive else { return }  // it ended meanwhile, as something else ended it
      owner.withEngine { $0.retire(run, of: actionId, cancelled: false) }
    }
  }

  /// Cancels every run of the action and drops the dispatch its throttle window holds; for
  /// ``cancel(_:)`` and ``cancelAll()``.
  ///
  /// The runs end before this returns, wherever it is called from: the action is not loading
  /// any more (a result being delivered stops counting too). Their notifications are
  /// delivered now, or after the one being delivered.
  func cancelRuns(of actionId: ActionId) {
    guard let state = states[actionId] else { return }
    let (runs, held, delivered) = state.machine.cancel()
    delivering {
      if let held { drop(held, of: actionId) }
      if let delivered {
        // Called from a result handler of the run being delivered: the action stops loading now,
        // and the loading-off hook comes in that run's end, where every other end puts it.
        if endLoadingIfIdle(state, of: actionId) { delivered.endedLoadingInDelivery = true }
      }
      for run in runs { retire(run, of: actionId, cancelled: true) }
    }
  }

  /// Ends a held dispatch as dropped: its task completes, then it emits `dropped`.
  func drop(_ held: HeldDispatch, of actionId: ActionId) {
    held.settle(nil)
    post(.dropped(held.runID, onFinish: held.onFinish), of: actionId)
  }

  /// Ends a live run as cancelled; `cancelsWork` cancels its task, which then has nothing left
  /// to end (see ``Run/cancelTask()``).
  ///
  /// Its action stops loading at once, when this was its last run: a cancelled run has no
  /// result to deliver first.
  func retire(_ run: Run, of actionId: ActionId, cancelled cancelsWork: Bool) {
    detach(run, deliveringResult: false)
    if cancelsWork { run.cancelTask() }
    post(.ended(run, .cancelled(wentIdle: endLoadingIfIdle(run.state, of: actionId))), of: actionId)
  }

  /// Ends a live run as failed, once: ``errorMessage(for:)`` reports the error at once, and the action
  /// counts the run as loading until its failure handlers have run.
  private func retire(_ run: Run, of actionId: ActionId, failedWith error: any Error) {
    detach(run, deliveringResult: true)
    let state = run.state
    setFailure(error, state, of: actionId)
    post(.ended(run, .failed(error)), of: actionId)
  }

}

extension ActionEngine {
  /// Ends the runs of other actions that a dispatch of `actionId` names in `supersedes:`, as it
  /// becomes a run; for ``ActionDispatching/dispatch(actionId:policy:staleTime:supersedes:retry:timeout:optimistic:task:onSuccess:onFailure:oncePerRun:)``.
  ///
  /// Each named action's machine decides (``ActionStateMachine/supersededByAnotherAction(sparing:)``):
  /// its live runs end as cancelled and the dispatch its throttle window holds is dropped. The
  /// dispatching action itself is left to its policy, so its new run is never superseded, and
  /// neither is the run whose callback made the dispatch: a run whose result is being delivered
  /// has already ended and is not live, and a streaming run delivering an element is spared. The
  /// runs end oldest first, whatever the order of the list.
  func supersede(_ actions: [ActionId], by actionId: ActionId) {
    var ended: [(actionId: ActionId, run: Run)] = []
    var seen: [ActionId] = []
    for other in actions where other != actionId && !seen.contains(other) {
      seen.append(other)
      guard let state = states[other] else { continue }
      let (runs, held) = state.machine.supersededByAnotherAction(sparing: elementInDelivery)
      if let held { drop(held, of: other) }
      for run in runs { ended.append((other, run)) }
    }
    ended.sort { $0.run.id < $1.run.id }
    for (other, run) in ended { retire(run, of: other, cancelled: true) }
  }
}
