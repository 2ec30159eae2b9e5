/// The order in which the view model's actions last succeeded and failed, for ``Loadable``:
/// whether an action has ever succeeded (a non-optional value is loaded after its first
/// success), and which of several actions spoke last (an error shows only when no action of the
/// `Loadable` succeeded after it).
///
/// One table of action → order of its last success, and a counter; an error's order lives in the
/// action's ``ActionState``, which exists while the error does. A success costs one table write:
/// a view model's 100,000 keyed actions that each succeeded hold one `UInt64` beside each key.
struct OutcomeOrder<ActionId: ActionIdType> {
  /// Per action, the order of its last success.
  private var lastSuccess: [ActionId: UInt64] = [:]
  /// The order the next outcome gets: outcomes are numbered from 1 as they happen.
  private var next: UInt64 = 1

  /// Numbers an outcome.
  mutating func take() -> UInt64 {
    defer { next &+= 1 }
    return next
  }

  /// Records a success of the action, now.
  mutating func recordSuccess(of actionId: ActionId) {
    lastSuccess[actionId] = take()
  }

  /// The order of the action's last success, or `nil` when it never succeeded.
  func lastSuccess(of actionId: ActionId) -> UInt64? {
    lastSuccess.isEmpty ? nil : lastSuccess[actionId]
  }
}
