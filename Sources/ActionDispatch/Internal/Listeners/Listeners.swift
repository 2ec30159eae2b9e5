/// What only the view model's listeners use: the `observe { On(...) }` registrations and the
/// `events()` streams and `observeEvents` handlers.
///
/// A value stored in the view model: with no listener, a run builds no event and visits no observer.
struct Listeners<ActionId: ActionIdType> {
  /// The `observe { On(...) }` registrations, per action.
  var observers: [ActionId: [ObserverEntry<ActionId>]] = [:]
  /// The live `events()` streams and `observeEvents` handlers.
  var eventSinks: [EventSink<ActionId>] = []
  /// The number the next `events()` stream or observer gets.
  private var nextRegistrationID: UInt64 = 1

  /// Hands out registration numbers for streams and observers.
  mutating func makeRegistrationID() -> UInt64 {
    defer { nextRegistrationID += 1 }
    return nextRegistrationID
  }
}
