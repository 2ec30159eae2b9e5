extension BaseViewModel {
  /// A new, independent stream of every run's lifecycle events, from now on.
  ///
  /// Each call returns its own stream; a stream that is dropped or whose consuming task is
  /// cancelled stops receiving. Events are buffered, so a slow reader misses none. When no
  /// stream is live, no event is built at all.
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
    eventContinuations[id] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.eventContinuations[id] = nil }
    }
    return stream
  }

  /// Sends an event to every live stream.
  func emit(_ event: @autoclosure () -> ActionEvent<ActionId>) {
    guard !eventContinuations.isEmpty else { return }
    let event = event()
    for continuation in eventContinuations.values { continuation.yield(event) }
  }
}
