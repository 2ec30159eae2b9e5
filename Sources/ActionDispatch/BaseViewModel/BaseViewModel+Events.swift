extension BaseViewModel {
  /// A new, independent stream of the lifecycle events of every run that starts from now on.
  ///
  /// Each call returns its own stream; a stream that is dropped or whose consuming task is
  /// cancelled stops receiving. Events are buffered, so a slow reader misses none. A run already
  /// in flight is not reported, so every run a stream sees starts with ``ActionEvent/Kind/started``.
  /// When nothing listens, no event is built at all.
  ///
  /// ```swift
  /// let events = viewModel.events()
  /// viewModel.fetchFollowers(for: "octocat")
  /// for await event in events where event.isTerminal { print(event.kind); break }
  /// ```
  ///
  /// - Returns: The stream; it finishes when the view model is released.
  public func events() -> AsyncStream<ActionEvent<ActionId>> {
    let (stream, continuation) = AsyncStream.makeStream(of: ActionEvent<ActionId>.self)
    let id = engine.addEventSink(
      token: nil, firstRun: engine.nextRunID, deliver: { continuation.yield($0) }, finish: { continuation.finish() })
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.engine.removeEventSink(id) }
    }
    return stream
  }

  /// Calls a handler synchronously, on the main actor, with every run's lifecycle events.
  ///
  /// Unlike ``events()``, the handler has seen an event before the code that caused it goes on,
  /// which is what test recorders and loggers need. Like ``events()``, it hears about runs that
  /// start after this call. A handler may re-enter the view model; what it causes is delivered
  /// right after the event it is handling, so every listener sees each run's events in order.
  ///
  /// - Parameter handler: Receives each event.
  /// - Returns: A token: the handler runs while it is held and not cancelled.
  public func observeEvents(_ handler: @escaping @MainActor (ActionEvent<ActionId>) -> Void) -> ObservationToken {
    observeEvents(from: engine.nextRunID, handler)
  }

  /// Like ``observeEvents(_:)``, but also hears the ends of runs already in flight: for waiting
  /// helpers that check a condition after every change, not for lifecycle listeners.
  ///
  /// - Parameter handler: Receives each event.
  /// - Returns: A token: the handler runs while it is held and not cancelled.
  package func observeEventsOfEveryRun(
    _ handler: @escaping @MainActor (ActionEvent<ActionId>) -> Void
  )
    -> ObservationToken
  {
    observeEvents(from: 0, handler)
  }

  private func observeEvents(
    from firstRun: UInt64, _ handler: @escaping @MainActor (ActionEvent<ActionId>) -> Void
  )
    -> ObservationToken
  {
    let token = ObservationToken()
    engine.addEventSink(token: token, firstRun: firstRun, deliver: handler, finish: nil)
    return token
  }
}
