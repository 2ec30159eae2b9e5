/// A dispatch that has not ended, as ``BaseViewModel/pendingWork()`` reports it.
package struct PendingDispatch<ActionId: ActionIdType>: Sendable, Hashable {
  /// Where the dispatch is.
  package enum Stage: Sendable, Hashable {
    /// A run that has not ended: its work is running, or it waits for a quiet period
    /// (`.debounce`), a retry's backoff or its timeout.
    case inFlight
    /// An `.enqueue` run waiting for the runs before it to end.
    case waitingForTurn
    /// A dispatch `.throttle` holds until its window closes: not a run yet.
    case heldByThrottle
  }

  /// The action.
  package let actionId: ActionId
  /// The run's number, as its events carry it.
  package let run: UInt64
  /// Where it is.
  package let stage: Stage
}

extension BaseViewModel {
  /// Every dispatch that has not ended, action by action, oldest first: what a strict test
  /// (ActionDispatchTesting's `StrictHarness`) reports when a test ends with work left.
  ///
  /// Reads the per-action state and changes nothing.
  package func pendingWork() -> [PendingDispatch<ActionId>] {
    var pending: [PendingDispatch<ActionId>] = []
    for (actionId, state) in engine.states {
      for run in state.machine.runs.all where run.isLive {
        let stage: PendingDispatch<ActionId>.Stage = run.turnWaiter == nil ? .inFlight : .waitingForTurn
        pending.append(PendingDispatch(actionId: actionId, run: run.id, stage: stage))
      }
      if let held = state.machine.window?.held {
        pending.append(PendingDispatch(actionId: actionId, run: held.runID, stage: .heldByThrottle))
      }
    }
    return pending.sorted { $0.run < $1.run }
  }
}
