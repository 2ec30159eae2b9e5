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
  // see the figures beside `BaseViewModel`'s stored properties.
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
  /// to do (see ``BaseViewModel/retireWhenCancelled(_:of:_:)``).
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
