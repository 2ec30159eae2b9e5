extension ActionDispatching {
  /// A property of the view model together with an action's loading and error.
  ///
  /// ```swift
  /// var profileState: Loadable<Profile> { loadable(\.profile, of: .load) }
  /// ```
  ///
  /// The property keeps its value while a new run loads and after one fails, so the result is
  /// stale-while-revalidate by construction. Observable per action: reading it tracks the
  /// action's loading and error, as ``BaseViewModel/isLoading(for:)`` does, and the property.
  ///
  /// - Parameters:
  ///   - keyPath: The property the action's success closure sets; `nil` until it has a value.
  ///   - actionId: The action that loads it.
  /// - Returns: The value, whether the action loads, and its error.
  public func loadable<Value>(_ keyPath: KeyPath<Self, Value?>, of actionId: ActionId) -> Loadable<Value> {
    let base = dispatchingBase
    let failure = base.failure(for: actionId)
    return Loadable(
      value: self[keyPath: keyPath], isLoading: base.isLoading(for: actionId), failure: failure,
      errorMessage: failure == nil ? nil : base.errorMessage(for: actionId))
  }
}
