extension BaseViewModel {
  /// Drops a dispatch the view model decided not to make, as a policy drops one: listeners
  /// hear ``ActionEvent/Kind/dropped``, and the returned task is already complete.
  ///
  /// Use it for an early return from a method that returns its run's task, so that a test or
  /// a logger sees the same events as for a dispatch that ``DispatchPolicy/ignoreWhileRunning``
  /// drops:
  ///
  /// ```swift
  /// func loadMore() -> Task<Void, Never> {
  ///   guard let next = nextPage else { return drop(.loadMore) }
  ///   return dispatch(actionId: .loadMore, task: { [service] in try await service.page(next) }) { viewModel, page in
  ///     viewModel.items += page
  ///   }
  /// }
  /// ```
  ///
  /// Nothing else changes: the action does not load, its error stays, and no hook is called.
  /// An `On(action)` observer hears the drop as it hears a policy's. The drop takes a run
  /// number, so its event can be told apart from the runs around it.
  ///
  /// - Parameter actionId: The action whose dispatch is dropped.
  /// - Returns: A task that is already complete: awaiting it returns at once.
  @discardableResult
  public func drop(_ actionId: ActionId) -> Task<Void, Never> {
    engine.post(.dropped(engine.takeRunID(), onFinish: nil), of: actionId)
    return Task {}
  }
}
