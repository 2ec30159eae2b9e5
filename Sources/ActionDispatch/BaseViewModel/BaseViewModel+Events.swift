extension BaseViewModel {
  /// A new, independent stream of every run's lifecycle events, from now on.
  ///
  /// Each call returns its own stream; a stream that is dropped or whose consuming task is
  /// cancelled stops receiving. Events are buffered, so a slow reader misses none. When nothing
  /// listens, no event is built at all.
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
    let id = makeRegistrationID()
    eventSinks.append(
      EventSink(id: id, token: nil, deliver: { continuation.yield($0) }, finish: { continuation.finish() }))
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.eventSinks.removeAll { $0.id == id } }
    }
    return stream
  }

  /// Calls a handler synchronously, on the main actor, with every run's lifecycle events.
  ///
  /// Unlike ``events()``, the handler has seen an event before the code that caused it goes on,
  /// which is what test recorders and loggers need.
  ///
  /// - Parameter handler: Receives each event.
  /// - Returns: A token: the handler runs while it is held and not cancelled.
  public func observeEvents(_ handler: @escaping @MainActor (ActionEvent<ActionId>) -> Void) -> ObservationToken {
    let token = ObservationToken()
    eventSinks.append(EventSink(id: makeRegistrationID(), token: token, deliver: handler, finish: nil))
    return token
  }

  /// Whether anything listens for events; when nothing does, no event is built.
  var hasEventListeners: Bool {
    !eventSinks.isEmpty
  }

  /// Sends an event to every live listener.
  func emit(_ event: @autoclosure () -> ActionEvent<ActionId>) {
    guard !eventSinks.isEmpty else { return }
    eventSinks.removeAll { !$0.isActive }
    let event = event()
    for sink in eventSinks where sink.isActive { sink.deliver(event) }
  }
}
