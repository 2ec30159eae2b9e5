/// What only the view model's listeners use: the `observe { On(...) }` registrations and the
/// `events()` streams and `observeEvents` handlers, with the flags that let a run skip them.
///
/// A value stored in the view model, so that a run reads a flag in place: with no listener, a
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
