extension BaseViewModel {
  /// Makes an action stale at once: the next dispatch with a `staleTime:` runs, even within its
  /// window — for example after a mutation changed what the action reads.
  ///
  /// ```swift
  /// func rename(to name: String) {
  ///   dispatch(actionId: .rename, task: { [service] in try await service.rename(to: name) }) { viewModel, _ in
  ///     viewModel.invalidate(.profile)
  ///   }
  /// }
  /// ```
  ///
  /// A run of the action in flight goes on and delivers, but its success does not make the
  /// action fresh: it may have read what the mutation replaced. The mark the action's last
  /// success left is forgotten, so invalidating costs nothing later.
  ///
  /// - Parameter actionId: The action; with an associated value, that key alone.
  public func invalidate(_ actionId: ActionId) {
    engine.invalidate(actionId)
  }

  /// Makes every action that `isStale` picks stale at once, as ``invalidate(_:)`` does one.
  ///
  /// ```swift
  /// viewModel.invalidate { if case .profile = $0 { true } else { false } }
  /// ```
  ///
  /// - Parameter isStale: Picks the actions to invalidate, on the main actor: it is asked about
  ///   each action that has a fresh mark, and each that has a run in flight.
  public func invalidate(where isStale: (ActionId) -> Bool) {
    engine.invalidate(where: isStale)
  }

  /// Makes every action stale at once, as ``invalidate(_:)`` does one.
  public func invalidateAll() {
    engine.invalidateAll()
  }
}

extension BaseViewModel {
  /// How many actions hold a fresh mark: what a test checks to see that stale marks are gone.
  package var freshMarkCount: Int { engine.freshMarks.count }
}
