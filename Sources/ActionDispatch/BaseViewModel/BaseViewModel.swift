import Observation

/// A view model that runs its async work through one ``ActionDispatching/dispatch(actionId:policy:staleTime:supersedes:retry:timeout:optimistic:task:onSuccess:onFailure:oncePerRun:)``
/// and gets per-action loading and error state, typed results, hooks, cancellation and
/// re-dispatch policies for free.
///
/// Subclass it with an enum of your actions, and mark the subclass `@Observable` too:
///
/// ```swift
/// enum ProfileAction: ActionIdType { case load }
///
/// @MainActor @Observable
/// final class ProfileViewModel: BaseViewModel<ProfileAction> {
///   private(set) var name = ""
///   private let service: any ProfileService
///
///   init(service: any ProfileService) {
///     self.service = service
///     super.init()
///   }
///
///   func load() {
///     dispatch(actionId: .load, task: { [service] in try await service.name() }) { viewModel, name in
///       viewModel.name = name
///     }
///   }
/// }
/// ```
///
/// A view reads ``isLoading(for:)`` and ``errorMessage(for:)``; both are observable per action.
///
/// > Important: Observation tracks only properties of a class that carries `@Observable`
/// > itself. Every subclass with state of its own must be marked `@Observable`.
///
/// > Important: Capture what the work needs (`[service] in`), not `self`, and take the view
/// > model as the success closure's first argument (see ``ActionDispatching``): the framework
/// > holds no strong reference to the view model, so releasing it cancels its work in flight
/// > and nothing is delivered. A closure that captures `self` keeps it alive until the work returns.
///
/// Callbacks may re-enter: a hook, observer or closure that dispatches or cancels changes
/// state at once, and the notifications it causes are delivered right after its own, so every
/// listener sees each run's notifications in lifecycle order.
@MainActor
@Observable
open class BaseViewModel<ActionId: ActionIdType> {
  // `@exclusivity(unchecked)` stays only on the properties every dispatch touches (here and on
  // `Run` and `ActionState.machine`), for a gated row (issue 40): "keyed actions: 100000 distinct
  // rows" read 1.46–1.48× with dynamic exclusivity checks on them and 1.34–1.39× without (gate
  // ≤ 1.5×; both with `recentActionId` an optional; 1.50–1.69× with every unsafe annotation
  // removed). Main-actor code never overlaps these accesses. Properties only some dispatches
  // touch are checked: removing their annotations left the row where it was.

  /// How many actions are loading; ``isAnyLoading`` is whether it is more than zero.
  @ObservationIgnored @exclusivity(unchecked) var loadingActionCount = 0
  /// Tells views what changed: per action, loading, error and indicator, and ``isAnyLoading``.
  @ObservationIgnored let observation = ActionObservation()

  /// Per-action state, only for actions that are loading or have an error.
  ///
  /// `nonisolated(unsafe)` only so that `deinit`, which has the object to itself, can tear
  /// down; every other access is on the main actor. The same holds for the other
  /// `nonisolated(unsafe)` properties.
  @ObservationIgnored @exclusivity(unchecked) nonisolated(unsafe) var states: [ActionId: ActionState] = [:]
  /// The `observe { On(...) }` registrations and event listeners (see ``Listeners``).
  @ObservationIgnored @exclusivity(unchecked) nonisolated(unsafe) var listeners = Listeners<ActionId>()
  /// The clock that `.debounce`, `.throttle`, retry backoff, timeouts and the loading indicator wait on.
  @ObservationIgnored let clock: any Clock<Duration>
  /// When ``isShowingLoading(for:)`` follows loading.
  @ObservationIgnored public let loadingIndicator: LoadingIndicator
  /// Whether the indicator has a delay or a minimum: only then do loading changes start its
  /// timers. Stored, though it only restates ``loadingIndicator`` (a constant, so it cannot
  /// drift): computing it compares two `Duration`s through calls into the standard library at
  /// every start and end of loading, 2% of a keyed row's own cost in a profile (issue 22).
  @ObservationIgnored let indicatorIsTimed: Bool
  /// The number the next run gets.
  @ObservationIgnored @exclusivity(unchecked) var nextRunID: UInt64 = 1
  /// Notifications posted while another is being delivered, in the order they were posted.
  @ObservationIgnored var pendingNotifications: [RunNotification] = []
  /// The action of each of ``pendingNotifications``.
  @ObservationIgnored var pendingActions: [ActionId] = []
  /// Whether a notification is being delivered right now.
  @ObservationIgnored @exclusivity(unchecked) var isDelivering = false
  /// The streaming run whose element is being delivered: a dispatch its `onElement` makes never
  /// supersedes it (see ``supersede(_:by:)``).
  @ObservationIgnored var elementInDelivery: Run?
  /// The state a dispatch last found already existing, until it is reclaimed: dispatching that
  /// action again skips the hash lookup (`recentActionId` holds its id exactly while this is not `nil`).
  @ObservationIgnored @exclusivity(unchecked) nonisolated(unsafe) var recentState: ActionState?
  /// The id of the action that ``recentState`` belongs to; initialized only while it is set.
  ///
  /// A pointer, so that reading it needs no `Optional<ActionId>` metadata in generic code. Kept
  /// for a gated row (issue 40): "keyed actions: 100000 distinct rows" read 1.36–1.49× with an
  /// `ActionId?` here and 1.31–1.35× with the pointer (gate ≤ 1.5×; 1.29–1.34× before issue 40).
  @ObservationIgnored nonisolated(unsafe) let recentActionId = UnsafeMutablePointer<ActionId>.allocate(capacity: 1)
  /// Per action, the optimistic changes of its live runs, oldest first (see ``settle(_:of:_:)``).
  @ObservationIgnored var optimisticLayers: [ActionId: [OptimisticChange]] = [:]
  /// The callers of each shared run (``DispatchPolicy/joinRunning``) in flight, by run number.
  @ObservationIgnored nonisolated(unsafe) var sharedRuns: [UInt64: SharedRun] = [:]
  /// When the actions last succeeded, for `staleTime:`; empty until a dispatch gives one.
  @ObservationIgnored nonisolated(unsafe) var freshMarks = FreshMarks<ActionId>()
  /// The order of the actions' last successes and errors, for ``Loadable``.
  @ObservationIgnored var outcomes = OutcomeOrder<ActionId>()
  /// The view model's clock, read as time elapsed; made on first use.
  @ObservationIgnored private var elapsedStorage: ElapsedTime?
  /// The view model, weakly, for run tasks to capture; made on first use.
  @ObservationIgnored private var weakSelfStorage: WeakReference<BaseViewModel>?
  /// The keys of ``QueryCache``s the actions watch; made on first use, released (ending the
  /// watches) with the view model.
  @ObservationIgnored private var queryWatchesStorage: QueryWatches<ActionId>?

  /// Creates a view model whose timed policies wait on the continuous clock.
  ///
  /// The same as ``init(clock:loadingIndicator:)`` with its defaults. The three initializers
  /// stay separate designated initializers so that a subclass's `override init()` and
  /// `override init(clock:)` compile: one initializer with defaults is not an `init()` to override.
  public init() {
    self.clock = ContinuousClock()
    self.loadingIndicator = .immediate
    self.indicatorIsTimed = false
    _ = completedTask
  }

  /// Creates a view model whose timed policies wait on the given clock.
  ///
  /// Tests pass a manual clock to drive `.debounce`, retry backoff and timeouts without sleeping.
  /// The same as ``init(clock:loadingIndicator:)`` with an immediate indicator.
  ///
  /// - Parameter clock: The clock to wait on.
  public init(clock: any Clock<Duration>) {
    self.clock = clock
    self.loadingIndicator = .immediate
    self.indicatorIsTimed = false
    _ = completedTask
  }

  /// Creates a view model whose ``isShowingLoading(for:)`` follows loading with a delay and a
  /// minimum display time, so a spinner never flashes.
  ///
  /// ```swift
  /// super.init(loadingIndicator: LoadingIndicator(delay: .milliseconds(150), minimumDuration: .milliseconds(500)))
  /// ```
  ///
  /// - Parameters:
  ///   - clock: The clock that timed policies and the indicator wait on; tests pass a `TestClock`.
  ///   - loadingIndicator: When ``isShowingLoading(for:)`` turns on and off; at once by default.
  public init(clock: any Clock<Duration> = ContinuousClock(), loadingIndicator: LoadingIndicator = .immediate) {
    self.clock = clock
    self.loadingIndicator = loadingIndicator
    self.indicatorIsTimed = !loadingIndicator.isImmediate
    _ = completedTask
  }

  deinit {
    // No hooks or events: the view model is going away. Cancelling lets the work stop early;
    // a run waiting for its turn is woken so that its task can end.
    //
    // The last reference may be dropped on any thread while the runs' tasks run on the main
    // actor, so this touches only what those tasks touch with the view model held (they park
    // with it held, see `waitToStart` and `hold`). It leaves `isLive`, which a task reads
    // without it, alone: a cancelled task starts no work, and finds no view model to deliver to.
    for state in states.values {
      let (runs, window) = state.machine.release()
      for run in runs {
        run.cancelTask()
        run.timer?.cancel()
        if let waiter = run.turnWaiter {
          run.turnWaiter = nil
          waiter.resume()
        }
      }
      state.indicatorTimer?.cancel()
      window?.timer?.cancel()
      window?.held?.settle(nil)
    }
    for shared in sharedRuns.values {
      for caller in shared.callers { caller.end() }
    }
    freshMarks.sweeper?.cancel()
    for sink in listeners.eventSinks { sink.finish?() }
    if recentState != nil { recentActionId.deinitialize(count: 1) }
    recentActionId.deallocate()
  }

  // MARK: - State

  /// Whether the action has a run in flight.
  ///
  /// Observable per action: reading it registers a dependency on this action only.
  ///
  /// - Parameter actionId: The action.
  /// - Returns: `true` from the moment a run is accepted until the action's last run ends.
  public func isLoading(for actionId: ActionId) -> Bool {
    observation.readLoading(actionId)
    return states[actionId]?.isLoading ?? false
  }

  /// Whether any action has a run in flight.
  public var isAnyLoading: Bool {
    observation.readAnyLoading()
    return loadingActionCount > 0
  }

  /// The message of the action's last error, as a user is shown it.
  ///
  /// The message is the error's `LocalizedError.errorDescription`, else its `description`.
  /// It clears when the action is dispatched again or ``clearError(for:)`` is called.
  /// ``failure(for:)`` gives the error itself.
  ///
  /// - Parameter actionId: The action.
  /// - Returns: The message, or `nil` when the action has no error.
  public func errorMessage(for actionId: ActionId) -> String? {
    failure(for: actionId).map(ErrorMessage.describe)
  }

  /// The action's last error itself, for code that branches on its type.
  ///
  /// - Parameter actionId: The action.
  /// - Returns: The error, or `nil` when the action has no error.
  public func failure(for actionId: ActionId) -> (any Error)? {
    observation.readFailure(actionId)
    return states[actionId]?.failure
  }

  /// Forgets the action's error, for example when the user dismisses an alert.
  ///
  /// - Parameter actionId: The action.
  public func clearError(for actionId: ActionId) {
    guard let state = states[actionId], state.failure != nil else { return }
    setFailure(nil, state, of: actionId)
    reclaimIfIdle(state, of: actionId)
  }

  /// The view model the dispatch forms of ``ActionDispatching`` run their actions on: itself.
  @inlinable
  public final var dispatchingBase: BaseViewModel<ActionId> { self }

  // MARK: - Hooks

  /// Called with every successful run's result, after the run's own `onSuccess` closure.
  ///
  /// A notification only: the framework's bookkeeping does not depend on it, so an override
  /// need not call `super`. Prefer the typed `onSuccess:` closure of `dispatch`, which gets the
  /// result typed; this hook gets it type-erased, for what every action does alike (logging,
  /// analytics). The labels tell the two apart: this hook takes `actionId:result:`, the closure
  /// `{ viewModel, value in … }`.
  ///
  /// ```swift
  /// override func onSuccess<T>(actionId: ProfileAction, result: T) {
  ///   log.append("\(actionId) succeeded")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - actionId: The action whose run succeeded.
  ///   - result: The value the run's work returned.
  open func onSuccess<T>(actionId: ActionId, result: T) {}

  /// Called with every failed run's error, after ``errorMessage(for:)`` already reports it and
  /// after the run's own `onFailure` closure.
  ///
  /// A notification only: the error is recorded whether or not an override calls `super`.
  /// Cancellation is not an error and never reaches this hook.
  ///
  /// - Parameters:
  ///   - actionId: The action whose run failed.
  ///   - error: The error the run's work threw.
  open func onError(actionId: ActionId, error: any Error) {}

  /// Called when an action goes from idle to loading (`true`) and when its last run ends
  /// (`false`): one `false` for each `true`, in that order, whatever the hooks and observers
  /// do meanwhile.
  ///
  /// - Parameters:
  ///   - actionId: The action.
  ///   - isLoading: The action's new loading state, as ``isLoading(for:)`` now reports it.
  open func onStatusUpdate(actionId: ActionId, isLoading: Bool) {}

  // MARK: - Internal

  /// Drops the state of an action that holds nothing any more: an idle action costs no memory.
  ///
  /// Its readers need not be told: what they read (not loading, no error) is what an idle action
  /// reads, under the same key paths (see ``ActionObservation``).
  func reclaimIfIdle(_ state: ActionState, of actionId: ActionId) {
    guard state.isReclaimable, let removed = states.removeValue(forKey: actionId) else { return }
    guard removed === state else {
      states[actionId] = removed  // not this action's state (never expected): leave it
      return
    }
    if recentState === state {
      recentState = nil
      recentActionId.deinitialize(count: 1)
    }
    if state.successOrder != 0 { outcomes.recordSuccess(of: actionId, order: state.successOrder) }
  }

  /// The view model's clock, read as nanoseconds elapsed, for freshness.
  var elapsed: ElapsedTime {
    if let elapsed = elapsedStorage { return elapsed }
    let elapsed = ElapsedTime(clock)
    elapsedStorage = elapsed
    return elapsed
  }

  /// The keys the actions watch, if any action ever dispatched one.
  var queryWatchesStorageIfMade: QueryWatches<ActionId>? { queryWatchesStorage }

  /// The keys of ``QueryCache``s the actions watch.
  var queryWatches: QueryWatches<ActionId> {
    if let watches = queryWatchesStorage { return watches }
    let watches = QueryWatches<ActionId>()
    queryWatchesStorage = watches
    return watches
  }

  /// Answers a dispatch from a ``QueryCache``'s fresh value: no run, no loading; the action's old
  /// error is cleared, `deliver` gives the caller the value, and `fresh` is emitted.
  @usableFromInline
  func answerFromCache(_ actionId: ActionId, _ deliver: () -> Void) {
    delivering {
      if let state = states[actionId], state.failure != nil {
        setFailure(nil, state, of: actionId)
        reclaimIfIdle(state, of: actionId)
      }
      noteCachedSuccess(of: actionId)
      deliver()
      post(.fresh(takeRunID(), onFinish: nil), of: actionId)
    }
  }

  /// A ``QueryCache`` gave the action a value with no run of its own (fresh, stale, or another
  /// view model's fetch): for ``Loadable``, the action has succeeded, as a run's success says.
  @usableFromInline
  func noteCachedSuccess(of actionId: ActionId) {
    let order = outcomes.take()
    if let state = states[actionId] {
      state.successOrder = order
    } else {
      outcomes.recordSuccess(of: actionId, order: order)
    }
  }

  /// The view model, weakly: what a run's task holds, so that releasing the view model cancels it.
  @usableFromInline var weakSelf: WeakReference<BaseViewModel> {
    if let reference = weakSelfStorage { return reference }
    let reference = WeakReference(self)
    weakSelfStorage = reference
    return reference
  }
}
