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

extension ActionEngine {
  /// Registers an event handler for the runs numbered `firstRun` and later.
  ///
  /// - Parameters:
  ///   - token: The token that keeps it (an `observeEvents` handler), or `nil` (a stream, removed
  ///     with ``removeEventSink(_:)``).
  ///   - firstRun: The first run it hears: the next one, or 0 for every run in flight too.
  ///   - deliver: Receives each event.
  ///   - finish: Called when the view model is released.
  /// - Returns: The registration's id.
  @discardableResult
  func addEventSink(
    token: ObservationToken?, firstRun: UInt64, deliver: @escaping @MainActor (ActionEvent<ActionId>) -> Void,
    finish: (@Sendable () -> Void)?
  ) -> UInt64 {
    let id = listeners.makeRegistrationID()
    listeners.eventSinks.append(EventSink(id: id, token: token, firstRun: firstRun, deliver: deliver, finish: finish))
    if let token { token.onEnd = { [weak self] in self?.forgetEndedEventSinks() } }
    return id
  }

  /// Removes the event handler registered as `id` (an `events()` stream that ended).
  func removeEventSink(_ id: UInt64) {
    listeners.eventSinks.removeAll { $0.id == id }
  }

  /// Registers `observations` for the runs that start from now on, kept while `token` is.
  func addObservers(_ observations: [On<ActionId>], token: ObservationToken) {
    var actions: [ActionId] = []
    for on in observations {
      listeners.observers[on.actionId, default: []].append(ObserverEntry(on: on, token: token, firstRun: nextRunID))
      if !actions.contains(on.actionId) { actions.append(on.actionId) }
    }
    token.onEnd = { [weak self] in self?.forgetEndedObservers(of: actions) }
  }

  /// Lets go of the `On` registrations of `actions` whose token was cancelled or released, with
  /// what their handlers capture: called by the token as it ends, so that no event is needed to
  /// sweep them (a delivery under way iterates a copy, so this may run inside one).
  func forgetEndedObservers(of actions: [ActionId]) {
    for actionId in actions {
      guard var entries = listeners.observers[actionId] else { continue }
      entries.removeAll { !$0.isActive }
      listeners.observers[actionId] = entries.isEmpty ? nil : entries
    }
  }

  /// Lets go of the event handlers whose token was cancelled or released, as
  /// ``forgetEndedObservers(of:)`` does for `On` registrations.
  func forgetEndedEventSinks() {
    listeners.eventSinks.removeAll { !$0.isActive }
  }
}

/// What only the view model's listeners use: the `observe { On(...) }` registrations and the
/// `events()` streams and `observeEvents` handlers, with the flags that let a run skip them.
///
/// A value stored in the engine, so that a run reads a flag in place: with no listener, a
/// run builds no event and visits no observer. The flags are stored, not computed from
/// `isEmpty`: in the view model's generic code, asking a collection of a generic element type
/// anything looks the collection's metadata up first.
struct Listeners<ActionId: ActionIdType> {
  /// The `observe { On(...) }` registrations, per action.
  var observers: [ActionId: [ObserverEntry<ActionId>]] = [:] {
    didSet { hasObservers = !observers.isEmpty }
  }
  /// Whether any `On` is registered.
  private(set) var hasObservers = false
  /// The live `events()` streams and `observeEvents` handlers.
  var eventSinks: [EventSink<ActionId>] = [] {
    didSet { hasEventListeners = !eventSinks.isEmpty }
  }
  /// Whether anything listens for events; when nothing does, no event is built.
  private(set) var hasEventListeners = false
  /// The number the next `events()` stream or observer gets.
  private var nextRegistrationID: UInt64 = 1

  /// Hands out registration numbers for streams and observers.
  mutating func makeRegistrationID() -> UInt64 {
    defer { nextRegistrationID += 1 }
    return nextRegistrationID
  }
}

/// A listener for events: an `events()` stream (no token) or an `observeEvents` handler (token-bound).
struct EventSink<ActionId: ActionIdType> {
  let id: UInt64
  weak var token: ObservationToken?
  let requiresToken: Bool
  /// The first run it hears about: runs accepted before it registered are not reported to it.
  let firstRun: UInt64
  let deliver: @MainActor (ActionEvent<ActionId>) -> Void
  let finish: (@Sendable () -> Void)?

  init(
    id: UInt64,
    token: ObservationToken?,
    firstRun: UInt64,
    deliver: @escaping @MainActor (ActionEvent<ActionId>) -> Void,
    finish: (@Sendable () -> Void)?
  ) {
    self.id = id
    self.token = token
    self.requiresToken = token != nil
    self.firstRun = firstRun
    self.deliver = deliver
    self.finish = finish
  }

  @MainActor var isActive: Bool {
    guard requiresToken else { return true }
    guard let token else { return false }
    return !token.isCancelled
  }
}

/// One `On` registration, alive while its token is held and not cancelled.
struct ObserverEntry<ActionId: ActionIdType> {
  let on: On<ActionId>
  weak var token: ObservationToken?
  /// The first run it hears about: runs already accepted when it registered are not its business.
  let firstRun: UInt64

  @MainActor var isActive: Bool {
    guard let token else { return false }
    return !token.isCancelled
  }
}
