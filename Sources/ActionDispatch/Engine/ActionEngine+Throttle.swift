extension ActionEngine {
  /// Opens a throttle window for an action whose throttled run just started.
  ///
  /// When the interval ends on the view model's clock, the window closes and the latest
  /// dispatch held during it, if any, starts through admission — opening the next window.
  func openThrottleWindow(_ interval: Duration, of actionId: ActionId, in state: ActionState) {
    let window = ThrottleWindow()
    state.machine.open(window)
    let clock = self.clock
    let owner = weakOwner
    window.timer = Task { @MainActor in
      do { try await clock.sleep(for: interval) } catch { return }
      owner.withEngine { $0.closeThrottleWindow(window, of: actionId) }
    }
  }

  /// The interval ended: start the held dispatch, or let the action go idle.
  private func closeThrottleWindow(_ window: ThrottleWindow, of actionId: ActionId) {
    guard let state = states[actionId] else { return }
    window.timer = nil
    guard let held = state.machine.windowClosed(window) else { return reclaimIfIdle(state, of: actionId) }
    held.settle(held.begin())
    // The held dispatch may not have become a run (answered fresh): the action may be idle now.
    reclaimIfIdle(state, of: actionId)
  }

  /// Holds a throttled dispatch until its action's window closes, dropping the one it replaces.
  ///
  /// - Returns: The dispatch's task: it completes at once when the dispatch is dropped, and
  ///   waits for the run when it starts. Cancelling it drops a held dispatch, or cancels the run.
  @usableFromInline
  func hold(
    _ runID: UInt64,
    of actionId: ActionId,
    onFinish: (@MainActor (RunOutcome) -> Void)?,
    begin: @escaping @MainActor () -> Task<Void, Never>?
  ) -> Task<Void, Never> {
    let held = HeldDispatch(runID: runID, begin: begin, onFinish: onFinish)
    delivering {
      if let replaced = states[actionId]?.machine.hold(held) { drop(replaced, of: actionId) }
      post(.held(runID), of: actionId)
    }
    let owner = weakOwner
    return Task { @MainActor in
      let run = await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Task<Void, Never>?, Never>) in
          // Parks with the view model held, so that its `deinit` (which may run on another
          // thread and settles what is held) comes wholly before or after; once it is gone,
          // nothing will settle the dispatch, which is then dropped.
          guard let viewModel = owner.object else { return continuation.resume(returning: nil) }
          withExtendedLifetime(viewModel) { held.wait(continuation) }
        }
      } onCancel: {
        Task { @MainActor in owner.withEngine { $0.dropHeldDispatch(runID, of: actionId) } }
      }
      guard let run else { return }
      await withTaskCancellationHandler {
        await run.value
      } onCancel: {
        run.cancel()
      }
    }
  }

  /// Drops the action's held dispatch, if it is still the one held (its task was cancelled).
  private func dropHeldDispatch(_ runID: UInt64, of actionId: ActionId) {
    guard let held = states[actionId]?.machine.dropHeld(runID) else { return }
    drop(held, of: actionId)
  }
}
