extension ActionDispatching {
  /// An optional property of the view model together with the loading and error of the actions
  /// that fill it.
  ///
  /// ```swift
  /// var profileState: Loadable<Profile> { loadable(\.profile, of: .load) }
  /// ```
  ///
  /// The value is the property's, once it is not `nil`. The property keeps its value while a
  /// new run loads and after one fails, so the result is stale-while-revalidate by
  /// construction. Observable per action: reading it tracks each named action's loading and
  /// error, as ``BaseViewModel/isLoading(for:)`` does, and the property.
  ///
  /// Several actions can fill one property (load, filter, refresh): the result is loading while
  /// any of them is, and shows the error of the one that failed last — unless one of them
  /// succeeded after it.
  ///
  /// - Parameters:
  ///   - keyPath: The property the actions' success closures set; `nil` until it has a value.
  ///   - actionId: The action that loads it.
  ///   - moreActionIds: Other actions that fill the same property, such as a refresh.
  /// - Returns: The value, whether any of the actions loads, and the error to show.
  public func loadable<Value>(
    _ keyPath: KeyPath<Self, Value?>, of actionId: ActionId, _ moreActionIds: ActionId...
  ) -> Loadable<Value> {
    let (isLoading, _, failure) = dispatchingBase.outcome(of: actionId, moreActionIds)
    return Loadable(value: self[keyPath: keyPath], isLoading: isLoading, failure: failure)
  }

  /// A non-optional property of the view model — a list that starts as `[]` — together with
  /// the loading and error of the actions that fill it.
  ///
  /// ```swift
  /// private(set) var issues: [Issue] = []
  /// var issuesState: Loadable<[Issue]> { loadable(\.issues, of: .load, .filter, .refresh) }
  /// ```
  ///
  /// The property's value counts as loaded once any of the actions has succeeded in this view
  /// model's life — before that, an empty list is not "no results" but "not loaded yet", and
  /// ``Loadable/phase`` is ``Loadable/Phase/idle`` or ``Loadable/Phase/loading``. No flag to
  /// keep by hand.
  ///
  /// The view model records the successes of the first 1,024 distinct actions it runs, and of
  /// every action a `Loadable` has read, so that keyed actions run by the thousand hold no memory
  /// each. A screen's actions are among those; only an action that first succeeded after a
  /// thousand other distinct actions, and before any `Loadable` read it, reads as not loaded. Loading and errors combine as for an optional property
  /// (the overload above): loading while any action is, the error of
  /// the one that failed last unless one succeeded after it.
  ///
  /// - Parameters:
  ///   - keyPath: The property the actions' success closures set.
  ///   - actionId: The action that loads it.
  ///   - moreActionIds: Other actions that fill the same property, such as a filter or a refresh.
  /// - Returns: The value once loaded, whether any of the actions loads, and the error to show.
  @_disfavoredOverload
  public func loadable<Value>(
    _ keyPath: KeyPath<Self, Value>, of actionId: ActionId, _ moreActionIds: ActionId...
  ) -> Loadable<Value> {
    let (isLoading, hasSucceeded, failure) = dispatchingBase.outcome(of: actionId, moreActionIds)
    return Loadable(value: hasSucceeded ? self[keyPath: keyPath] : nil, isLoading: isLoading, failure: failure)
  }
}

extension BaseViewModel {
  /// What a ``Loadable`` over these actions shows: whether any is loading, whether any ever
  /// succeeded, and the error of the one that failed last when none succeeded after it. Reads
  /// each action's loading and error observably.
  func outcome(of first: ActionId, _ more: [ActionId]) -> (isLoading: Bool, hasSucceeded: Bool, failure: (any Error)?) {
    engine.followOutcomes(of: first)
    for actionId in more { engine.followOutcomes(of: actionId) }
    var isLoading = isLoading(for: first)
    var lastSuccess = lastSuccessOrder(of: first)
    var failure = self.failure(for: first).map { (error: $0, order: engine.states[first]?.failureOrder ?? 0) }
    for actionId in more {
      if self.isLoading(for: actionId) { isLoading = true }
      if let order = lastSuccessOrder(of: actionId), order > (lastSuccess ?? 0) { lastSuccess = order }
      if let error = self.failure(for: actionId) {
        let order = engine.states[actionId]?.failureOrder ?? 0
        if order > (failure?.order ?? 0) || failure == nil { failure = (error, order) }
      }
    }
    if let shown = failure, let lastSuccess, lastSuccess > shown.order { failure = nil }
    return (isLoading, lastSuccess != nil, failure?.error)
  }

  /// The order of the action's last success: in its state while it has one, else in the table.
  private func lastSuccessOrder(of actionId: ActionId) -> UInt64? {
    if let state = engine.states[actionId], state.successOrder != 0 { return state.successOrder }
    return engine.outcomes.lastSuccess(of: actionId)
  }
}
