extension BaseViewModel {
  /// Fills in what the action's machine needs to decide whether a dispatch with a `staleTime`
  /// is answered fresh: the window, and how long ago the action last succeeded.
  func askForFreshness(_ request: inout ActionStateMachine.Request, of actionId: ActionId, within staleTime: Duration) {
    freshMarks.remember(for: staleTime)
    request.staleTime = staleTime
    guard let last = freshMarks.lastSuccess(of: actionId) else { return }
    request.sinceLastSuccess = .nanoseconds(elapsed.now() &- last)
  }

  /// A run succeeded: its action is fresh from now, unless no dispatch ever gave a `staleTime`
  /// (nothing is recorded then) or the action was invalidated while the run was in flight.
  @inline(__always)
  func markFreshIfTracked(_ run: Run, of actionId: ActionId) {
    guard freshMarks.isTracking, run.marksFresh else { return }
    markFresh(actionId)
  }

  private func markFresh(_ actionId: ActionId) {
    let now = elapsed.now()
    freshMarks.mark(actionId, at: now)
    if freshMarks.sweeper == nil { scheduleFreshSweep(in: freshMarks.retention) }
  }

  /// Forgets the marks that no dispatch can find fresh any more when they are due, on the view
  /// model's clock: one timer per view model, whatever the number of marks.
  private func scheduleFreshSweep(in delay: Int64) {
    let clock = self.clock
    freshMarks.sweeper = Task { @MainActor [weak self] in
      do { try await clock.sleep(for: .nanoseconds(delay)) } catch { return }
      self?.sweepFreshMarks()
    }
  }

  private func sweepFreshMarks() {
    freshMarks.sweeper = nil
    let now = elapsed.now()
    guard let next = freshMarks.sweep(at: now) else { return }
    scheduleFreshSweep(in: max(next &- now, 1))
  }

  /// Stops the runs in flight of the actions `matches` picks from making their action fresh:
  /// they may have read what the change that invalidated them replaced.
  func keepRunsFromMarkingFresh(where matches: (ActionId) -> Bool) {
    for (actionId, state) in states where matches(actionId) {
      state.machine.runs.forEach { run in
        run.marksFresh = false
        return true
      }
    }
  }
}
