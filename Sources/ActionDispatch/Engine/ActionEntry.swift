// An action's entry in the engine's table (``ActionState``), its runs (``Run``), and the order
// of its outcomes once its entry is gone (``OutcomeOrder``).

/// The state of one action that is not idle: its runs and policies, loading, error, indicator
/// and optimistic changes — the action's one entry in ``ActionEngine``'s table.
///
/// It exists only while the action has a run in flight, an error, a shown indicator or an open
/// throttle window: an idle action without an error holds no memory of its own. Plain storage:
/// ``BaseViewModel`` changes its observable values through ``ActionObservation``, which tells the
/// views that read them, whether the action had state when they read it or not.
///
/// Not generic on purpose: a generic class's key paths and metadata are built at run time.
final class ActionState {
  /// The last run's error, until the action is dispatched again or the error is cleared.
  var failure: (any Error)?
  /// When ``failure`` was recorded, in the view model's ``OutcomeOrder``.
  var failureOrder: UInt64 = 0
  /// When the action last succeeded while this state existed, in the view model's
  /// ``OutcomeOrder``; `0` if it did not. Kept here, with no hash lookup, while the action has
  /// state, and handed to the ``OutcomeOrder``'s table when the state is reclaimed.
  var successOrder: UInt64 = 0
  /// Whether a loading indicator is shown, for a view model whose ``LoadingIndicator`` is not
  /// immediate: changed only when the indicator appears or disappears.
  var isShowingLoading = false

  /// The action's runs and throttle window: where its policies are decided.
  ///
  /// Unchecked for the "distinct rows" gate: see the figures beside `ActionEngine`'s stored properties.
  @exclusivity(unchecked) var machine = ActionStateMachine()
  /// The indicator's pending delay or minimum display period, while one is running.
  var indicatorTimer: Task<Void, Never>?
  /// Whether the shown indicator's minimum display period has passed.
  var indicatorMinimumPassed = false
  /// The optimistic changes of the action's runs, oldest first, until each is settled (see
  /// ``ActionEngine/settle(_:of:_:)``): the entry stays while any is.
  var optimisticLayers: [OptimisticChange] = []

  init() {}

  /// Whether the action is loading (its machine decides).
  var isLoading: Bool { machine.isLoading }

  /// Whether the state holds nothing of its own, so the action can drop it.
  var isReclaimable: Bool {
    machine.isEmpty && failure == nil && !isShowingLoading && indicatorTimer == nil
      && optimisticLayers.isEmpty
  }
}

/// One accepted run, live until it is retired.
///
/// A reference, so that the run's task, its timer and its action's order all hold the same run:
/// ending it, checking that it is live and removing it are O(1) and need no lookup.
///
/// `@unchecked Sendable` only so that a cancellation handler can carry it to the main actor;
/// it is read and written on the main actor alone, and by a released view model's `deinit`,
/// which may run on another thread: it touches only what a task touches with the view model
/// held (its position, the waiter, the task and timer), never ``isLive``.
@usableFromInline
final class Run: @unchecked Sendable {
  // `@exclusivity(unchecked)` on the properties every run touches, for the "distinct rows" gate:
  // see the figures beside `ActionEngine`'s stored properties.
  /// The run's number, in dispatch order across the view model.
  let id: UInt64
  /// The state of the run's action, which exists as long as the action has a live run.
  let state: ActionState
  /// When the run was accepted, as time since ``Run/epoch``, for the events' `duration`; set
  /// only when something listened for events as it started.
  ///
  /// A `Duration`, not a `ContinuousClock.Instant`: the instant's layout is not known to this
  /// module, so storing even `nil` into it went through a value-witness copy on every run.
  let startedAt: Duration?
  /// Whether the run has not been retired yet. Declared next to ``startedAt`` so that it fills
  /// that optional's padding: the run then fits a 128-byte allocation.
  @usableFromInline @exclusivity(unchecked) var isLive = true
  /// The run's typed failure closure, given the error when the run fails (a timeout included).
  let onFailure: (@MainActor (any Error) -> Void)?
  /// Told how the run ended, for ``BaseViewModel/dispatchGroup(_:)``.
  let onFinish: (@MainActor (RunOutcome) -> Void)?
  /// The run's task; `nil` only while admission is creating it.
  @usableFromInline @exclusivity(unchecked) var task: Task<Void, Never>?
  /// The timer that fails the run when its `timeout` passes.
  var timer: Task<Void, Never>?
  /// The waiting task, resumed when the run's turn comes or the run is retired. Unsafe (a
  /// pointer, no allocation): every resume clears it first, so it is resumed exactly once.
  var turnWaiter: UnsafeContinuation<Void, Never>?
  /// Where the run is in its action's ``RunOrder``, while it is live.
  @exclusivity(unchecked) var position = 0
  /// Whether a result handler of this run cancelled its action while the run's result was being
  /// delivered, which ended the action's loading then: the loading-off hook comes in this run's end.
  var endedLoadingInDelivery = false
  /// The callers of a run they may join (``DispatchPolicy/joinRunning``); `nil` for any other run.
  @usableFromInline @exclusivity(unchecked) var shared: SharedRun?
  /// Whether the run's success leaves a fresh mark: not when its action was invalidated while
  /// it ran (its result may predate the change that invalidated it).
  @exclusivity(unchecked) var marksFresh = true

  /// Whether callers may join the run (``DispatchPolicy/joinRunning``).
  @inlinable var isShared: Bool { shared != nil }

  init(
    id: UInt64,
    state: ActionState,
    startedAt: Duration?,
    onFailure: (@MainActor (any Error) -> Void)?,
    onFinish: (@MainActor (RunOutcome) -> Void)?
  ) {
    self.id = id
    self.state = state
    self.startedAt = startedAt
    self.onFailure = onFailure
    self.onFinish = onFinish
  }

  /// Set while the view model cancels the task of a run it has already ended, so that the task's
  /// cancellation handler, which that cancel calls on the same thread, knows that it has nothing
  /// to do (see ``ActionEngine/retireWhenCancelled(_:of:_:)``).
  @TaskLocal static var isCancelledByViewModel = false

  /// Cancels the run's task, once the view model has ended the run: its work stops early, and
  /// its cancellation handler starts nothing.
  func cancelTask() {
    guard let task else { return }
    Run.$isCancelledByViewModel.withValue(true) { task.cancel() }
  }

  /// The instant that ``startedAt`` counts from.
  static let epoch = ContinuousClock.now

  /// The time since ``epoch``: a run's start, for ``startedAt``.
  static func now() -> Duration {
    ContinuousClock.now - epoch
  }
}

/// What a run does besides calling its work once: wait for its turn or a quiet period, retry,
/// time out. A plain run has none.
///
/// A class, so that a run's task carries one pointer for it: its frame stays small, and a
/// plain run's task fits the task's first allocation slab.
@usableFromInline
final class RunPlan: Sendable {
  let start: ActionStateMachine.Start
  let retry: RetryPolicy?
  let timeout: Duration?
  /// The view model's clock, which the waits, backoffs and timeout are measured on.
  let clock: any Clock<Duration>

  init(start: ActionStateMachine.Start, retry: RetryPolicy?, timeout: Duration?, clock: any Clock<Duration>) {
    self.start = start
    self.retry = retry
    self.timeout = timeout
    self.clock = clock
  }
}

/// How a run ended.
@usableFromInline
enum RunOutcome: Sendable {
  case succeeded
  case failed
  case cancelled
}

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
