extension BaseViewModel {
  /// Stops the action watching the ``QueryCache`` key it last dispatched: new values of the key
  /// no longer reach its `onSuccess`, an invalidation no longer refetches it for this view
  /// model, and the key is forgotten the cache's ``QueryCache/gcTime`` after its last watcher
  /// left. A run in flight goes on (``cancel(_:)`` ends it).
  ///
  /// A view model watches its keys until it is released; call this for one that outlives what it
  /// showed — a keyed action per list opened, say, once the list is closed.
  ///
  /// - Parameter actionId: The action; one that watches nothing is left as it is.
  public func stopWatching(_ actionId: ActionId) {
    engine.queryWatchesIfMade?.stop(actionId)
  }

  /// The ``QueryCache`` keys the view model's actions watch, by path (`users/mona/profile`), each
  /// once, with its value now: what ActionDispatchTesting's strict harness reads to assert the
  /// cache as it asserts the view model's properties.
  package var watchedQueryValues: [(path: String, value: Any?)] {
    engine.queryWatchesIfMade?.watchedKeys ?? []
  }
}
