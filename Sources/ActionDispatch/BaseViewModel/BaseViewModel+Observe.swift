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
      state(for: on.actionId).hasObservers = true
      observers[on.actionId, default: []].append(ObserverEntry(on: on, token: token))
    }
    return token
  }

  /// Calls the action's active observers, and forgets those whose token is gone.
  func notifyObservers(of actionId: ActionId, in state: ActionState, _ deliver: (On<ActionId>) -> Void) {
    guard state.hasObservers, var entries = observers[actionId] else { return }
    entries.removeAll { !$0.isActive }
    observers[actionId] = entries.isEmpty ? nil : entries
    state.hasObservers = !entries.isEmpty
    for entry in entries where entry.isActive {
      deliver(entry.on)
    }
  }
}
