extension BaseViewModel {
  /// Cancels every run of the action, waiting or in flight.
  ///
  /// A dispatch that ``DispatchPolicy/throttle(_:)`` holds is dropped.
  ///
  /// Each run ends at once as cancelled: loading ends, no result or error is delivered
  /// (even if the work ignores cancellation and returns later), and ``errorMessage(for:)`` is unchanged.
  /// Called from inside a hook or handler, the runs end at once too — the action is not loading
  /// when this returns — and their notifications are delivered right after the one being delivered.
  ///
  /// - Parameter actionId: The action whose runs to cancel.
  public func cancel(_ actionId: ActionId) {
    engine.cancelRuns(of: actionId)
  }

  /// Cancels every run of every action, waiting or in flight, and drops every held dispatch.
  ///
  /// Like ``cancel(_:)``, every run ends before this returns, wherever it is called from; a run
  /// dispatched after it returned, even by a handler of the same notification, is not cancelled.
  ///
  /// Runs end action by action, the action with the oldest run (or held dispatch) first, and
  /// each action's runs oldest first, so the order of their notifications is the same every time.
  public func cancelAll() {
    engine.cancelAll()
  }
}
