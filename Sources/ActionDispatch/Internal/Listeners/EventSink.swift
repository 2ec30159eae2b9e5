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
