// Telling the listeners: the `events()` streams and `observeEvents` handlers, and the
// `observe { On(...) }` registrations.

extension ActionEngine {
  /// Sends a run's event to every live listener that registered before the run started.
  func emit(_ event: @autoclosure () -> ActionEvent<ActionId>, run runID: UInt64) {
    guard !listeners.eventSinks.isEmpty else { return }
    listeners.eventSinks.removeAll { !$0.isActive }
    let event = event()
    for sink in listeners.eventSinks where sink.firstRun <= runID && sink.isActive { sink.deliver(event) }
  }

  /// Calls the action's active observers that registered before the run started, and forgets
  /// those whose token is gone. `deliver` gets each `On` and a check that its token is still live.
  func notifyObservers(
    of actionId: ActionId,
    run runID: UInt64,
    _ deliver: (On<ActionId>, @MainActor () -> Bool) -> Void
  ) {
    guard !listeners.observers.isEmpty, var entries = listeners.observers[actionId] else { return }
    entries.removeAll { !$0.isActive }
    listeners.observers[actionId] = entries.isEmpty ? nil : entries
    for entry in entries where entry.firstRun <= runID && entry.isActive {
      deliver(entry.on) { entry.isActive }
    }
  }
}
