// Every change to an action's observable state goes through here, so that ``ActionObservation``
// tells exactly the views that read what changed.

extension ActionEngine {
  /// Marks the action loading or not, and counts it into or out of ``isAnyLoading``.
  func setLoading(_ isLoading: Bool, _ state: ActionState, of actionId: ActionId) {
    observation.changeLoading(of: actionId) { state.isLoading = isLoading }
    let count = loadingActionCount + (isLoading ? 1 : -1)
    // `isAnyLoading` changes only when the count crosses zero.
    if count == 0 || loadingActionCount == 0 {
      observation.changeAnyLoading { loadingActionCount = count }
    } else {
      loadingActionCount = count
    }
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
