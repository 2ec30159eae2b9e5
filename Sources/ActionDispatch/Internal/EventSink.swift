/// A listener for events: an `events()` stream (no token) or an `observeEvents` handler (token-bound).
struct EventSink<ActionId: ActionIdType> {
  let id: UInt64
  weak var token: ObservationToken?
  let requiresToken: Bool
  let deliver: @MainActor (ActionEvent<ActionId>) -> Void
  let finish: (@Sendable () -> Void)?

  init(
    id: UInt64,
    token: ObservationToken?,
    deliver: @escaping @MainActor (ActionEvent<ActionId>) -> Void,
    finish: (@Sendable () -> Void)?
  ) {
    self.id = id
    self.token = token
    self.requiresToken = token != nil
    self.deliver = deliver
    self.finish = finish
  }

  @MainActor var isActive: Bool {
    guard requiresToken else { return true }
    guard let token else { return false }
    return !token.isCancelled
  }
}
