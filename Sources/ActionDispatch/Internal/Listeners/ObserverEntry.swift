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
