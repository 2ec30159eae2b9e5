extension BaseViewModel {
  /// Cancels every run of the action, waiting or in flight.
  ///
  /// Each run ends at once as cancelled: loading ends, no result or error is delivered
  /// (even if the work ignores cancellation and returns later), and ``error(for:)`` is unchanged.
  ///
  /// - Parameter actionId: The action whose runs to cancel.
  public func cancel(_ actionId: ActionId) {
    guard let state = states[actionId], !state.runs.isEmpty else { return }
    let runs = state.runs
    state.runs.removeAll(keepingCapacity: true)
    for run in runs { endCancelled(run, of: actionId, in: state) }
  }

  /// Cancels every run of every action.
  public func cancelAll() {
    for actionId in Array(states.keys) { cancel(actionId) }
  }
}
