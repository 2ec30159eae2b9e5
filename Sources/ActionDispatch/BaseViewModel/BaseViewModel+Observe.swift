extension BaseViewModel {
  /// Registers handlers for actions' lifecycles, for clients that should not know the view model's internals.
  ///
  /// ```swift
  /// let token = viewModel.observe {
  ///   On(.fetchFollowers)
  ///     .started { print("Loading…") }
  ///     .failed { error in print("error: \(error)") }
  ///   On(.fetchProfile).succeeded { (profile: UserProfile) in print(profile.login) }
  /// }
  /// ```
  ///
  /// Handlers run on the main actor for runs that start after this call.
  ///
  /// - Parameter observations: The actions and phases to observe.
  /// - Returns: A token: the handlers run while it is held and not cancelled.
  public func observe(@ObserverBuilder<ActionId> _ observations: () -> [On<ActionId>]) -> ObservationToken {
    let token = ObservationToken()
    for on in observations() {
      state(for: on.actionId).observers.append(ObserverEntry(on: on, token: token))
    }
    return token
  }

  /// Calls the action's active observers, and forgets those whose token is gone.
  func notifyObservers(of state: ActionState<ActionId>, _ deliver: (On<ActionId>) -> Void) {
    guard !state.observers.isEmpty else { return }
    state.observers.removeAll { !$0.isActive }
    for entry in state.observers where entry.isActive {
      deliver(entry.on)
    }
  }
}
