/// The order in which the view model's actions last succeeded and failed, for ``Loadable``:
/// whether an action has succeeded (a non-optional value is loaded after its first success), and
/// which of several actions spoke last (an error shows only when none succeeded after it).
///
/// An error's order lives in the action's ``ActionState``, which exists while the error does. A
/// success's order is one table entry, bounded: the first ``capacity`` distinct actions to
/// succeed are recorded, and after that only the actions a ``Loadable`` follows (``follow(_:)``).
/// So a screen's few actions are always known, while 100,000 keyed rows, each run once, leave a
/// table of ``capacity`` entries, not one per row (the gated "keyed actions … fresh at once" and
/// "… once their window passed" memory rows fail with a table per row: 8.5 MiB against ≤ 8, and
/// 4.5 MiB against ≤ 1).
struct OutcomeOrder<ActionId: ActionIdType> {
  /// How many distinct actions are recorded before only followed ones are.
  static var capacity: Int { 1_024 }

  /// Per action, the order of its last success.
  private var lastSuccess: [ActionId: UInt64] = [:]
  /// The actions a `Loadable` has read, recorded whatever the table holds.
  private var followed: Set<ActionId> = []
  /// The order the next outcome gets: outcomes are numbered from 1 as they happen.
  private var next: UInt64 = 1

  /// Numbers an outcome.
  mutating func take() -> UInt64 {
    defer { next &+= 1 }
    return next
  }

  /// Records a success of the action, now, if the table has room or a `Loadable` follows it.
  mutating func recordSuccess(of actionId: ActionId) {
    guard lastSuccess.count < Self.capacity || (!followed.isEmpty && followed.contains(actionId)) else { return }
    lastSuccess[actionId] = take()
  }

  /// Records every later success of the action, whatever the table holds.
  mutating func follow(_ actionId: ActionId) {
    followed.insert(actionId)
  }

  /// The order of the action's last recorded success, or `nil` when none is recorded.
  func lastSuccess(of actionId: ActionId) -> UInt64? {
    lastSuccess.isEmpty ? nil : lastSuccess[actionId]
  }
}
