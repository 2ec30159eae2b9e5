extension BaseViewModel {
  /// Cancels every run of the action, waiting or in flight.
  ///
  /// A dispatch that ``DispatchPolicy/throttle(_:)`` holds is dropped.
  ///
  /// Each run ends at once as cancelled: loading ends, no result or error is delivered
  /// (even if the work ignores cancellation and returns later), and ``error(for:)`` is unchanged.
  /// Called from inside a hook or handler, the runs end at once too; their notifications are
  /// delivered right after the one being delivered.
  ///
  /// - Parameter actionId: The action whose runs to cancel.
  public func cancel(_ actionId: ActionId) {
    guard let state = states[actionId] else { return }
    if state.throttle != nil { dropHeldDispatch(of: actionId) }
    guard !state.liveRuns.isEmpty else { return }
    retireAll(olderThan: nil, of: actionId, in: state)
  }

  /// Cancels every run of every action.
  public func cancelAll() {
    let loading = states.compactMap { $0.value.liveRuns.isEmpty && $0.value.throttle?.held == nil ? nil : $0.key }
    deliver { [self] in
      for actionId in loading { cancel(actionId) }
    }
  }
}
