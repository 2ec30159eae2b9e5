/// The machinery behind one ``BaseViewModel``: every action's state, its runs and their delivery.
///
/// The view model is the public face: it stores this engine and nothing else of the machinery,
/// and its public methods ask the engine. The engine is reached only through its view model, by
/// a caller that holds the view model (a method of it, a run's task through its weak reference),
/// so the view model is alive whenever the engine runs: calling its hooks takes no reference, and the
/// engine's `deinit` runs within the view model's.
///
/// Each action that is not idle has one entry, an ``ActionState``, in ``states``: its runs and
/// throttle window (the ``ActionStateMachine`` that decides what a dispatch does), loading,
/// error, indicator and optimistic changes. What outlives an idle action is kept compact beside
/// the entries: when each succeeded (``FreshMarks`` for `staleTime:`, ``OutcomeOrder`` for
/// ``Loadable``) and who listens (``Listeners``).
@MainActor
@usableFromInline
final class ActionEngine<ActionId: ActionIdType> {
  // `@exclusivity(unchecked)` stays only on the properties every dispatch touches (here and on
  // `Run` and `ActionState.machine`), for a gated row (issue 40): "keyed actions: 100000 distinct
  // rows" read 1.46–1.48× with dynamic exclusivity checks on them and 1.34–1.39× without (gate
  // ≤ 1.5×; both with `recentActionId` an optional; 1.50–1.69× with every unsafe annotation
  // removed). Main-actor code never overlaps these accesses. Properties only some dispatches
  // touch are checked: removing their annotations left the row where it was.

  /// The view model this engine runs: whose hooks it calls. Set once, by ``attach(to:)`` right
  /// after the view model's stored properties are, and valid whenever the engine runs (see the
  /// type's comment); read through ``withOwner(_:)``.
  ///
  /// Unmanaged, so that calling a hook takes no retain: the view model has a weak reference (its
  /// runs' tasks hold it so), which puts its reference counts in a side table, and a retain and
  /// release per hook — three a run — read "keyed actions: 100000 distinct rows" 1.42–1.51×
  /// (gate ≤ 1.5×) where it reads 1.34–1.37× without (issue 40, measured interleaved). Unchecked
  /// exclusivity: it is written once, before anything reads it.
  @exclusivity(unchecked) private var ownerReference: Unmanaged<BaseViewModel<ActionId>>?

  /// How many actions are loading; ``BaseViewModel/isAnyLoading`` is whether it is more than zero.
  @exclusivity(unchecked) var loadingActionCount = 0
  /// Tells views what changed: per action, loading, error and indicator, and ``BaseViewModel/isAnyLoading``.
  let observation = ActionObservation()

  /// The entries: per-action state, only for actions that are loading or have an error.
  ///
  /// `nonisolated(unsafe)` only so that `deinit`, which has the object to itself, can tear
  /// down; every other access is on the main actor. The same holds for the other
  /// `nonisolated(unsafe)` properties.
  @exclusivity(unchecked) nonisolated(unsafe) var states: [ActionId: ActionState] = [:]
  /// The `observe { On(...) }` registrations and event listeners (see ``Listeners``).
  @exclusivity(unchecked) nonisolated(unsafe) var listeners = Listeners<ActionId>()
  /// The clock that `.debounce`, `.throttle`, retry backoff, timeouts and the loading indicator wait on.
  let clock: any Clock<Duration>
  /// When ``BaseViewModel/isShowingLoading(for:)`` follows loading.
  let loadingIndicator: LoadingIndicator
  /// Whether the indicator has a delay or a minimum: only then do loading changes start its
  /// timers. Stored, though it only restates ``loadingIndicator`` (a constant, so it cannot
  /// drift): computing it compares two `Duration`s through calls into the standard library at
  /// every start and end of loading, 2% of a keyed row's own cost in a profile (issue 22).
  let indicatorIsTimed: Bool
  /// The number the next run gets.
  @exclusivity(unchecked) var nextRunID: UInt64 = 1
  /// Notifications posted while another is being delivered, in the order they were posted.
  var pendingNotifications: [RunNotification] = []
  /// The action of each of ``pendingNotifications``.
  var pendingActions: [ActionId] = []
  /// Whether a notification is being delivered right now.
  @exclusivity(unchecked) var isDelivering = false
  /// The streaming run whose element is being delivered: a dispatch its `onElement` makes never
  /// supersedes it (see ``supersede(_:by:)``).
  var elementInDelivery: Run?
  /// The state a dispatch last found already existing, until it is reclaimed: dispatching that
  /// action again skips the hash lookup (`recentActionId` holds its id exactly while this is not `nil`).
  @exclusivity(unchecked) nonisolated(unsafe) var recentState: ActionState?
  /// The id of the action that ``recentState`` belongs to; initialized only while it is set.
  ///
  /// A pointer, so that reading it needs no `Optional<ActionId>` metadata in generic code. Kept
  /// for a gated row (issue 40): "keyed actions: 100000 distinct rows" read 1.36–1.49× with an
  /// `ActionId?` here and 1.31–1.35× with the pointer (gate ≤ 1.5×; 1.29–1.34× before issue 40).
  nonisolated(unsafe) let recentActionId = UnsafeMutablePointer<ActionId>.allocate(capacity: 1)
  /// When the actions last succeeded, for `staleTime:`; empty until a dispatch gives one.
  nonisolated(unsafe) var freshMarks = FreshMarks<ActionId>()
  /// The order of the actions' last successes and errors, for ``Loadable``.
  var outcomes = OutcomeOrder<ActionId>()
  /// The view model's clock, read as time elapsed; made on first use.
  private var elapsedStorage: ElapsedTime?
  /// The view model, weakly, for run tasks to capture; made on first use.
  private var weakOwnerStorage: WeakReference<BaseViewModel<ActionId>>?
  /// The keys of ``QueryCache``s the actions watch; made on first use, released (ending the
  /// watches) with the view model.
  private(set) var queryWatchesIfMade: QueryWatches<ActionId>?

  /// An engine whose timed policies wait on `clock`; its view model calls ``attach(to:)`` next.
  init(clock: any Clock<Duration>, loadingIndicator: LoadingIndicator) {
    self.clock = clock
    self.loadingIndicator = loadingIndicator
    self.indicatorIsTimed = !loadingIndicator.isImmediate
    _ = completedTask
  }

  deinit {
    // No hooks or events: the view model is going away (this runs within its `deinit`).
    // Cancelling lets the work stop early; a run waiting for its turn is woken so that its task
    // can end.
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
        for caller in run.shared?.callers ?? [] { caller.end() }
      }
      state.indicatorTimer?.cancel()
      window?.timer?.cancel()
      window?.held?.settle(nil)
    }
    freshMarks.sweeper?.cancel()
    for sink in listeners.eventSinks { sink.finish?() }
    if recentState != nil { recentActionId.deinitialize(count: 1) }
    recentActionId.deallocate()
  }

  /// Tells the engine which view model it runs; called once, from the view model's initializer.
  func attach(to owner: BaseViewModel<ActionId>) {
    ownerReference = .passUnretained(owner)
  }

  /// Calls `body` with the view model (to call a hook), taking no reference: the view model is
  /// alive whenever the engine runs.
  @inline(__always)
  func withOwner<Result>(_ body: (BaseViewModel<ActionId>) -> Result) -> Result {
    ownerReference.unsafelyUnwrapped._withUnsafeGuaranteedRef(body)
  }

  /// The view model, weakly: what a run's task holds, so that releasing the view model cancels it.
  @usableFromInline var weakOwner: WeakReference<BaseViewModel<ActionId>> {
    if let reference = weakOwnerStorage { return reference }
    let reference = withOwner { WeakReference($0) }
    weakOwnerStorage = reference
    return reference
  }

  /// The view model's clock, read as nanoseconds elapsed, for freshness.
  var elapsed: ElapsedTime {
    if let elapsed = elapsedStorage { return elapsed }
    let elapsed = ElapsedTime(clock)
    elapsedStorage = elapsed
    return elapsed
  }

  /// The keys of ``QueryCache``s the actions watch.
  var queryWatches: QueryWatches<ActionId> {
    if let watches = queryWatchesIfMade { return watches }
    let watches = QueryWatches<ActionId>()
    queryWatchesIfMade = watches
    return watches
  }

  /// The number the next dispatch gets.
  func takeRunID() -> UInt64 {
    defer { nextRunID &+= 1 }
    return nextRunID
  }

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
}
