// The events that end an action's runs from outside them: a cancel, another action's dispatch that
// supersedes them, an invalidation, the view model's release.

extension ActionStateMachine {
  /// Cancels the action: every live run, the dispatch held in the window, and the result being
  /// delivered, which stops holding the action loading (a result handler cancelled its own action).
  ///
  /// - Returns: The runs to retire as cancelled, oldest first, the held dispatch to drop, and the
  ///   run whose result was being delivered. The runs stay in the order until they are retired.
  mutating func cancel() -> (runs: [Run], held: HeldDispatch?, delivering: Run?) {
    let delivering = resultInDelivery
    resultInDelivery = nil
    return (runs.all, takeHeld(), delivering)
  }

  /// A run of another action superseded this one: every live run but `spared` ends as
  /// cancelled, and the dispatch held in the window is dropped.
  ///
  /// - Parameter spared: The run whose callback made the superseding dispatch (a streaming run
  ///   delivering an element): a dispatch never supersedes the run that made it.
  /// - Returns: The runs to retire as cancelled, oldest first, and the held dispatch to drop.
  ///   The runs stay in the order until they are retired.
  mutating func supersededByAnotherAction(sparing spared: Run?) -> (runs: [Run], held: HeldDispatch?) {
    var runs = runs.all
    if let spared { runs.removeAll { $0 === spared } }
    return (runs, takeHeld())
  }

  /// The action was invalidated: its runs in flight go on and deliver, but no success of theirs
  /// makes it fresh (``successMarksFresh(_:)``); a run accepted after this does.
  mutating func invalidate() {
    runs.forEach { run in
      run.marksFresh = false
      return true
    }
  }

  /// Empties the machine for a view model being released.
  ///
  /// - Returns: Everything live: the runs, the window's timer and its held dispatch.
  mutating func release() -> (runs: [Run], window: ThrottleWindow?) {
    defer {
      runs = RunOrder()
      window = nil
      resultInDelivery = nil
      isLoading = false
    }
    return (runs.all, window)
  }
}
