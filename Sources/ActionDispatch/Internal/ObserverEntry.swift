/// One `On` registration, alive while its token is held and not cancelled.
struct ObserverEntry<ActionId: ActionIdType> {
  let on: On<ActionId>
  weak var token: ObservationToken?

  @MainActor var isActive: Bool {
    guard let token else { return false }
    return !token.isCancelled
  }
}
