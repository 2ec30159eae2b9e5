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
  /// Handlers run on the main actor for runs that start after this call; a run already in
  /// flight is never reported, not even its end. Cancelling or dropping the token stops the
  /// handlers at once, even between two handlers of the same phase.
  ///
  /// Handlers may re-enter the view model — dispatch, cancel, clear errors, cancel their own
  /// token. What they cause changes state at once; its notifications are delivered right after
  /// the handler's own, so every listener sees each run's phases in order.
  ///
  /// > Important: The handlers are kept while the token is held, and let go of when it is
  /// > cancelled or released. A handler that uses `self` keeps `self` alive that long: when
  /// > `self` holds the token, capture `[weak self]`.
  ///
  /// - Parameter observations: The actions and phases to observe.
  /// - Returns: A token: the handlers run while it is held and not cancelled.
  public func observe(@ObserverBuilder<ActionId> _ observations: () -> [On<ActionId>]) -> ObservationToken {
    let token = ObservationToken()
    engine.addObservers(observations(), token: token)
    return token
  }
}
