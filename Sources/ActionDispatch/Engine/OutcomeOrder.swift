/// The order in which the view model's actions last succeeded and failed, for ``Loadable``:
/// whether an action has succeeded (a non-optional value is loaded after its first success), and
/// which of several actions spoke last (an error shows only when none succeeded after it).
///
/// While the action has an ``ActionState`` (a run in flight, an error), the orders of its last
/// error and success live there, with no hash lookup per run; when the state is reclaimed, the
/// success's order moves to one table entry, bounded: the first ``capacity`` distinct actions to
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

  /// Records the action's last success, numbered `order` when it happened, if the table has room
  /// or a `Loadable` follows the action. Called when the action's ``ActionState`` is reclaimed,
  /// which held the order until then.
  mutating func recordSuccess(of actionId: ActionId, order: UInt64) {
    guard lastSuccess.count < Self.capacity || (!followed.isEmpty && followed.contains(actionId)) else { return }
    lastSuccess[actionId] = order
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
