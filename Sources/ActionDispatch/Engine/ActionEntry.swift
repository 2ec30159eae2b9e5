// An action's entry in the engine's table (``ActionState``), its runs (``Run``, and
// ``RunWithWork`` with the run's typed work), and what is kept of an action once its entry is
// gone: the order of its outcomes (``OutcomeOrder``) and when it last succeeded (``FreshMarks``,
// on the view model's clock read by ``ElapsedTime``).

/// The state of one action that is not idle: its runs and policies, loading, error, indicator
/// and optimistic changes — the action's one entry in ``ActionEngine``'s table.
///
/// It exists only while the action has a run in flight, an error, a shown indicator or an open
/// throttle window: an idle action without an error holds no memory of its own. Plain storage:
/// ``ActionEngine`` changes its observable values through ``ActionObservation``, which tells the
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
  /// When the action last succeeded while no dispatch had given a `staleTime`, on the view
  /// model's clock (nanoseconds, see ``ElapsedTime``); `.min` when it did not. Kept here, with no
  /// hash lookup per success, and handed to the ``FreshMarks`` when the entry is reclaimed.
  var untrackedSuccessAt: Int64 = .min
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
class Run: @unchecked Sendable {
  // `@exclusivity(unchecked)` on the properties every run touches, for the "distinct rows" gate:
  // see the figures beside `ActionEngine`'s stored properties.
  /// The run's number, in dispatch order across the view model.
  final let id: UInt64
  /// The state of the run's action, which exists as long as the action has a live run.
  final let state: ActionState
  /// When the run was accepted, as time since ``Run/epoch``, for the events' `duration`; set
  /// only when something listened for events as it started.
  ///
  /// A `Duration`, not a `ContinuousClock.Instant`: the instant's layout is not known to this
  /// module, so storing even `nil` into it went through a value-witness copy on every run.
  final let startedAt: Duration?
  /// Whether the run has not been retired yet. Declared next to ``startedAt`` so that it fills
  /// that optional's padding: the run then fits a 128-byte allocation.
  @usableFromInline @exclusivity(unchecked) final var isLive = true
  /// The run's typed failure closure, given the error when the run fails (a timeout included).
  final let onFailure: (@MainActor (any Error) -> Void)?
  /// Told how the run ended, for ``BaseViewModel/dispatchGroup(_:)``.
  final let onFinish: (@MainActor (RunOutcome) -> Void)?
  /// The run's task; `nil` only while admission is creating it.
  @usableFromInline @exclusivity(unchecked) final var task: Task<Void, Never>?
  /// The timer that fails the run when its `timeout` passes.
  final var timer: Task<Void, Never>?
  /// The waiting task, resumed when the run's turn comes or the run is retired. Unsafe (a
  /// pointer, no allocation): every resume clears it first, so it is resumed exactly once.
  final var turnWaiter: UnsafeContinuation<Void, Never>?
  /// Where the run is in its action's ``RunOrder``, while it is live.
  @exclusivity(unchecked) final var position = 0
  /// Whether a result handler of this run cancelled its action while the run's result was being
  /// delivered, which ended the action's loading then: the loading-off hook comes in this run's end.
  final var endedLoadingInDelivery = false
  /// The callers of a run they may join (``DispatchPolicy/joinRunning``); `nil` for any other run.
  @usableFromInline @exclusivity(unchecked) final var shared: SharedRun?
  /// Whether the run's success leaves a fresh mark: not when its action was invalidated while
  /// it ran (its result may predate the change that invalidated it). The action's machine alone
  /// sets and reads it (``ActionStateMachine/invalidate()``).
  @exclusivity(unchecked) final var marksFresh = true

  /// Whether callers may join the run (``DispatchPolicy/joinRunning``).
  @inlinable final var isShared: Bool { shared != nil }

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
  final func cancelTask() {
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

/// A run with what its task needs — its action, plan, view model, work and success closure —
/// typed, in the run itself.
///
/// `@unchecked Sendable` as ``Run`` is: read on the main actor alone.
///
/// The run's task captures this one reference and nothing else, so its closure needs no context
/// of its own: one allocation a run fewer than a task that captures each of them (a run then
/// makes as many allocations as a hand-written `Task`, plus itself).
@usableFromInline
final class RunWithWork<ActionId: ActionIdType, T, Owner: AnyObject>: Run, @unchecked Sendable {
  /// The run's action.
  @usableFromInline let actionId: ActionId
  /// What it does besides calling its work once; `nil` for a plain run.
  @usableFromInline let plan: RunPlan?
  /// The view model, weakly: releasing it cancels the run.
  @usableFromInline let owner: WeakReference<BaseViewModel<ActionId>>
  /// The work.
  @usableFromInline let work: @MainActor () async throws -> T
  /// Given the view model (of the type that dispatched) and the value when the run succeeds;
  /// set once more, before the task starts, for a shared run or one with `oncePerRun`.
  @usableFromInline var onSuccess: (@MainActor (Owner, T) -> Void)?

  @usableFromInline
  init(
    _ parts: RunParts,
    actionId: ActionId,
    owner: WeakReference<BaseViewModel<ActionId>>,
    work: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (Owner, T) -> Void)?
  ) {
    self.actionId = actionId
    self.plan = parts.plan
    self.owner = owner
    self.work = work
    self.onSuccess = onSuccess
    super.init(
      id: parts.id, state: parts.state, startedAt: parts.startedAt, onFailure: parts.onFailure,
      onFinish: parts.onFinish)
  }
}

/// What admission decided for a run it accepts, for ``RunWithWork``'s initializer.
@usableFromInline
struct RunParts {
  let id: UInt64
  let state: ActionState
  let startedAt: Duration?
  let onFailure: (@MainActor (any Error) -> Void)?
  let onFinish: (@MainActor (RunOutcome) -> Void)?
  let plan: RunPlan?
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

/// The actions that succeeded recently, for `staleTime:`: when each one's last success was.
///
/// A mark is a key and a time in one table — no ``ActionState``, no timer of its own — so that
/// 100,000 keyed actions fresh at once cost a few megabytes (about 40 bytes each), and it is
/// forgotten once no dispatch can find it fresh: one timer per view model wakes when the oldest
/// mark is due and sweeps the table, at most eight times per window (so a mark goes at most an
/// eighth of the window after it is due, and a sweep's cost is spread over the successes of a
/// window). A sweep that forgets marks moves the rest to a table of their size, and when none
/// is left the storage is released.
///
/// A success is recorded whether or not a dispatch gave a `staleTime` before it: until
/// one does, the first ``untrackedCapacity`` actions to succeed are marked and kept (a screen's
/// actions: a refresh, then a load that gives a stale time, finds the refresh's success), and
/// the sweeps start once a stale time is given. Bounded, so that 100,000 keyed rows that never
/// ask for freshness hold no table of them: a mark per success would cost every row a clock read
/// and an entry (the "distinct rows" and idle-row memory gates).
///
/// Times are nanoseconds on the view model's clock since ``ElapsedTime`` began: one `Int64` each.
struct FreshMarks<ActionId: ActionIdType> {
  /// Per action, when its last success that counts was.
  var lastSuccess: [ActionId: Int64] = [:]
  /// How long a success is remembered: the longest `staleTime` the view model has been given.
  var retention: Int64 = 0
  /// The stale times of the actions whose own is shorter than ``retention`` when they asked:
  /// their marks go after their own time, not the longest (each action remembers its own stale
  /// time, as each key of a cache does). Empty while every dispatch gives one stale time, so a mark stays 8 bytes.
  var shorter: [ActionId: Int64] = [:]
  /// The timer that forgets the marks that are due, while there are marks.
  var sweeper: Task<Void, Never>?
  /// When ``sweeper`` wakes, on the view model's clock.
  var sweepDeadline: Int64 = .max

  /// Whether any dispatch has given a `staleTime`: from then on every success leaves a mark, kept
  /// for its stale time.
  var isTracking: Bool { retention > 0 }
  /// How many actions' successes are recorded before any dispatch gives a `staleTime`.
  static var untrackedCapacity: Int { 1_024 }
  /// How many more untracked successes of new actions may be recorded: stored, not computed from
  /// the table's count, which asks a generic dictionary at every success.
  var untrackedRoom = Self.untrackedCapacity
  /// Whether a success made before any dispatch gave a `staleTime` is still recorded.
  var hasUntrackedRoom: Bool { untrackedRoom > 0 }
  /// Whether an entry of the view model ever kept a success made before any dispatch gave a
  /// `staleTime` (``ActionState/untrackedSuccessAt``): only then does asking for freshness look
  /// at the action's entry.
  var entriesHoldSuccesses = false
  /// How many actions are marked.
  var count: Int { lastSuccess.count }

  /// Records a success made before any dispatch gave a `staleTime`, while there is room: it is
  /// kept, unswept, until one does.
  mutating func markUntracked(_ actionId: ActionId, at now: Int64) {
    if lastSuccess.updateValue(now, forKey: actionId) == nil { untrackedRoom -= 1 }
  }

}

/// Reads a clock as time elapsed since a start, whatever the clock's instant type: how the view
/// model measures freshness on its own clock (a `TestClock` in tests).
final class ElapsedTime: Sendable {
  private let read: @Sendable () -> Duration

  /// Starts counting now on `clock`.
  init<C: Clock<Duration>>(_ clock: C) {
    let start = clock.now
    read = { start.duration(to: clock.now) }
  }

  /// Nanoseconds since the start.
  func now() -> Int64 {
    read().wholeNanoseconds
  }
}

extension Duration {
  /// The duration in whole nanoseconds, saturating: a window of centuries is a long one.
  var wholeNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    guard seconds < Int64.max / 1_000_000_000 else { return .max }
    guard seconds > -(Int64.max / 1_000_000_000) else { return .min }
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
