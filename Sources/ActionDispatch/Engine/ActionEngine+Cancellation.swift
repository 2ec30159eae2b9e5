extension ActionEngine {
  /// Cancels every run of every action and drops every held dispatch, action by action: the
  /// action with the oldest run (or held dispatch) first, each action's runs oldest first; for
  /// ``BaseViewModel/cancelAll()``.
  func cancelAll() {
    // Not in the dictionary's order: that differs between two view models with the same
    // actions, so a replayed test would see its notifications in another order.
    let actions = states.map { actionId, state in
      (actionId, state.machine.runs.oldest?.id ?? state.machine.window?.held?.runID ?? .max)
    }
    .sorted { $0.1 < $1.1 }
    .map(\.0)
    delivering {
      for actionId in actions { cancelRuns(of: actionId) }
    }
  }
}

extension ActionEngine {
  /// Waits for a run's task; cancelling the waiting task cancels the run.
  @inlinable
  static func waitFor(_ run: Task<Void, Never>) async {
    await withTaskCancellationHandler {
      await run.value
    } onCancel: {
      run.cancel()
    }
  }
}
