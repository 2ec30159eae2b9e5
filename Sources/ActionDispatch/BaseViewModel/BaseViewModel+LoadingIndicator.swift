extension BaseViewModel {
  /// Whether the action's loading indicator should show, per the view model's ``LoadingIndicator``.
  ///
  /// ```swift
  /// if viewModel.isShowingLoading(for: .load) { ProgressView() }
  /// ```
  ///
  /// Observable per action, like ``isLoading(for:)``. With ``LoadingIndicator/immediate`` (the
  /// default) it is ``isLoading(for:)``. Otherwise it turns `true` once the action has been
  /// loading continuously for the indicator's `delay`, and then stays `true` for at least its
  /// `minimumDuration` — and for as long as the action keeps loading.
  ///
  /// - Parameter actionId: The action.
  /// - Returns: Whether to show the action's loading indicator now.
  public func isShowingLoading(for actionId: ActionId) -> Bool {
    if !engine.indicatorIsTimed { return isLoading(for: actionId) }
    engine.observation.readShowingLoading(actionId)
    return engine.states[actionId]?.isShowingLoading ?? false
  }
}

extension BaseViewModel {
  /// How many actions hold state right now (loading, failed, showing an indicator or throttled):
  /// for tests that check an idle action costs no memory.
  package var actionsWithState: Int { engine.states.count }
}
