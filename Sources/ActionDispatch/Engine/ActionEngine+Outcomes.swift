// An action's error and indicator, and the outcomes a `Loadable` follows: the observable changes a
// plain dispatch's success does not make.

extension ActionEngine {
  /// Keeps the order of the action's successes from now on, for a ``Loadable`` that shows it.
  func followOutcomes(of actionId: ActionId) {
    outcomes.follow(actionId)
  }

  /// Records the action's error, or clears it.
  func setFailure(_ failure: (any Error)?, _ state: ActionState, of actionId: ActionId) {
    if failure != nil { state.failureOrder = outcomes.take() }
    observation.changeFailure(of: actionId) { state.failure = failure }
  }

  /// Shows or hides the action's loading indicator.
  func setShowingLoading(_ isShowing: Bool, _ state: ActionState, of actionId: ActionId) {
    observation.changeShowingLoading(of: actionId) { state.isShowingLoading = isShowing }
  }
}
