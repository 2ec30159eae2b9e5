// The loading indicator's timers, for a view model whose ``LoadingIndicator`` is not immediate.
// Each action's state keeps at most one timer: the delay before showing, or the minimum display
// period once shown. The state is not reclaimed while either runs or the indicator shows.

extension ActionEngine {
  /// The action went from idle to loading.
  func indicatorStartedLoading(_ actionId: ActionId, _ state: ActionState) {
    // Loading again during the minimum display period: the indicator simply stays.
    guard !state.isShowingLoading, state.indicatorTimer == nil else { return }
    let delay = loadingIndicator.delay
    guard delay > .zero else { return showIndicator(actionId, state) }
    state.indicatorTimer = indicatorTimer(after: delay, of: actionId, state) { engine in
      if state.isLoading { engine.showIndicator(actionId, state) }
    }
  }

  /// The action's last run ended.
  func indicatorStoppedLoading(_ actionId: ActionId, _ state: ActionState) {
    if state.isShowingLoading {
      if state.indicatorMinimumPassed { setShowingLoading(false, state, of: actionId) }
    } else {
      // Ended before the delay: never shown.
      state.indicatorTimer?.cancel()
      state.indicatorTimer = nil
    }
  }

  private func showIndicator(_ actionId: ActionId, _ state: ActionState) {
    setShowingLoading(true, state, of: actionId)
    state.indicatorMinimumPassed = false
    let minimum = loadingIndicator.minimumDuration
    guard minimum > .zero else {
      state.indicatorMinimumPassed = true
      return
    }
    state.indicatorTimer = indicatorTimer(after: minimum, of: actionId, state) { engine in
      state.indicatorMinimumPassed = true
      if !state.isLoading {
        engine.setShowingLoading(false, state, of: actionId)
        engine.reclaimIfIdle(state, of: actionId)
      }
    }
  }

  /// A timer on the view model's clock that fires once, unless cancelled or the state is gone.
  private func indicatorTimer(
    after duration: Duration,
    of actionId: ActionId,
    _ state: ActionState,
    fire: @escaping @MainActor (ActionEngine) -> Void
  ) -> Task<Void, Never> {
    let clock = self.clock
    let owner = weakOwner
    return Task { @MainActor in
      do { try await clock.sleep(for: duration) } catch { return }
      owner.withEngine { engine in
        guard engine.states[actionId] === state, !Task.isCancelled else { return }
        state.indicatorTimer = nil
        fire(engine)
      }
    }
  }
}
