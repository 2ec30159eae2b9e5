import Observation

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
  // `Run` and `ActionState.machine`), for a gated row: "keyed actions: 100000 distinct
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
  /// (gate ≤ 1.5×) where it reads 1.34–1.37× without (measured interleaved).
  private var ownerReference: Unmanaged<BaseViewModel<ActionId>>?

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
  /// every start and end of loading, 2% of a keyed row's own cost in a profile.
  let indicatorIsTimed: Bool
  /// The number the next run gets.
  @exclusivity(unchecked) var nextRunID: UInt64 = 1
  /// When each notification is delivered: now, or after the one being delivered. Checked: every
  /// dispatch touches it, yet "keyed actions: 100000 distinct rows" read 1.32–1.37× with the
  /// checks and 1.30–1.41× without (interleaved), so no gated row needs them off.
  var deliveryOrder = DeliveryOrder<ActionId>()
  /// The streaming run whose element is being delivered: a dispatch its `onElement` makes never
  /// supersedes it (see ``supersede(_:by:)``).
  var elementInDelivery: Run?
  /// The state a dispatch last found already existing, until it is reclaimed: dispatching that
  /// action again skips the hash lookup (`recentActionId` holds its id exactly while this is not `nil`).
  @exclusivity(unchecked) nonisolated(unsafe) var recentState: ActionState?
  /// The id of the action that ``recentState`` belongs to; initialized only while it is set.
  ///
  /// A pointer, so that reading it needs no `Optional<ActionId>` metadata in generic code. Kept
  /// for a gated row: "keyed actions: 100000 distinct rows" read 1.36–1.49× with an `ActionId?`
  /// here and 1.31–1.35× with the pointer (gate ≤ 1.5×).
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

  /// Keeps a success made while no dispatch had given a `staleTime`, once its entry goes: as a
  /// mark like any other when one has been given since (unless a later success is marked), else
  /// while the marks have room for it.
  func keepSuccess(of actionId: ActionId, at time: Int64) {
    guard freshMarks.isTracking else {
      if freshMarks.hasUntrackedRoom { freshMarks.markUntracked(actionId, at: time) }
      return
    }
    guard (freshMarks.lastSuccess(of: actionId) ?? .min) < time else { return }
    freshMarks.mark(actionId, at: time)
    if freshMarks.sweeper == nil { scheduleFreshSweep(at: time &+ freshMarks.keptFor(actionId)) }
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
    if state.untrackedSuccessAt != .min { keepSuccess(of: actionId, at: state.untrackedSuccessAt) }
  }
}

// Every change to an action's observable state goes through here, so that ``ActionObservation``
// tells exactly the views that read what changed.

extension ActionEngine {
  /// Marks the action loading or not, and counts it into or out of ``isAnyLoading``.
  func setLoading(_ isLoading: Bool, _ state: ActionState, of actionId: ActionId) {
    observation.changeLoading(of: actionId) { state.machine.setLoading(isLoading) }
    let count = loadingActionCount + (isLoading ? 1 : -1)
    // `isAnyLoading` changes only when the count crosses zero.
    if count == 0 || loadingActionCount == 0 {
      observation.changeAnyLoading { loadingActionCount = count }
    } else {
      loadingActionCount = count
    }
  }
}

/// The one mechanism behind the view model's observable state: per action, whether it is loading,
/// its error and whether its indicator shows, and whether any action is loading.
///
/// Each of those is a key path of its own on one registrar (`\.[loading: key]`,
/// `\.[failure: key]`, `\.[showingLoading: key]`, `\.anyLoading`), read and changed the same
/// way whether or not the action has state: a view that reads action A is not invalidated by
/// anything that happens to action B, a reader of an action's error is not invalidated when it
/// merely starts loading, and a view that read an idle action is invalidated when it starts or
/// fails.
///
/// It remembers nothing per read: a read outside Observation tracking costs a key path that is
/// gone when the read returns, and a tracked read is kept by Observation itself until its
/// tracking ends. The values live in the engine's entries (``ActionState``s); this type owns only its
/// registrar.
///
/// Not generic on purpose: a generic class's key paths are built at run time (demangling
/// included) on every access. Used on the main actor only.
final class ActionObservation: Observable {
  private let registrar = ObservationRegistrar()
  /// Whether anything was read through the view model's observable accessors yet: until then no
  /// one can be tracking, and a change is a plain store, with no key path made and no registrar
  /// asked.
  ///
  /// The one speed-up kept here. Without it, every change pays a key path, an `AnyHashable` and
  /// the registrar's lock even in a view model no one reads. The gated "keyed actions: 100000
  /// distinct rows" row (target ≤ 1.5× hand-written), which reads no row, fails without it:
  /// 2.75× and 2.98× hand-written with this always `true`, 1.47× and 1.40× as it is, measured
  /// interleaved on the same loaded 2-core machine.
  private var wasRead = false

  init() {}

  /// The key path of an action's loading; only its identity matters.
  subscript(loading key: AnyHashable) -> Bool { false }
  /// The key path of an action's error; only its identity matters.
  subscript(failure key: AnyHashable) -> Bool { false }
  /// The key path of an action's loading indicator; only its identity matters.
  subscript(showingLoading key: AnyHashable) -> Bool { false }
  /// The key path of ``BaseViewModel/isAnyLoading``; only its identity matters.
  var anyLoading: Bool { false }

  /// Registers a read of an action's loading with whoever is tracking.
  func readLoading<Key: Hashable>(_ key: Key) {
    wasRead = true
    registrar.access(self, keyPath: \.[loading: AnyHashable(key)])
  }

  /// Registers a read of an action's error with whoever is tracking.
  func readFailure<Key: Hashable>(_ key: Key) {
    wasRead = true
    registrar.access(self, keyPath: \.[failure: AnyHashable(key)])
  }

  /// Registers a read of an action's loading indicator with whoever is tracking.
  func readShowingLoading<Key: Hashable>(_ key: Key) {
    wasRead = true
    registrar.access(self, keyPath: \.[showingLoading: AnyHashable(key)])
  }

  /// Registers a read of whether any action is loading with whoever is tracking.
  func readAnyLoading() {
    wasRead = true
    registrar.access(self, keyPath: \.anyLoading)
  }

  /// Makes a change to an action's loading, telling whoever tracks it.
  @inline(__always)
  func changeLoading<Key: Hashable>(of key: Key, _ change: () -> Void) {
    guard wasRead else { return change() }
    registrar.withMutation(of: self, keyPath: \.[loading: AnyHashable(key)], change)
  }

  /// Makes a change to an action's error, telling whoever tracks it.
  @inline(__always)
  func changeFailure<Key: Hashable>(of key: Key, _ change: () -> Void) {
    guard wasRead else { return change() }
    registrar.withMutation(of: self, keyPath: \.[failure: AnyHashable(key)], change)
  }

  /// Makes a change to an action's loading indicator, telling whoever tracks it.
  @inline(__always)
  func changeShowingLoading<Key: Hashable>(of key: Key, _ change: () -> Void) {
    guard wasRead else { return change() }
    registrar.withMutation(of: self, keyPath: \.[showingLoading: AnyHashable(key)], change)
  }

  /// Makes a change to whether any action is loading, telling whoever tracks it.
  @inline(__always)
  func changeAnyLoading(_ change: () -> Void) {
    guard wasRead else { return change() }
    registrar.withMutation(of: self, keyPath: \.anyLoading, change)
  }
}

/// A weak reference to an object, in a box that closures capture strongly.
///
/// A run's task and its cancellation handler reach the view model through the view model's one
/// box instead of capturing `[weak self]` each: a weak capture allocates and tears down a weak
/// reference per closure, which a run would pay twice.
///
/// `@unchecked Sendable`: the object is read only on the main actor; the weak reference itself
/// is safe to read from anywhere.
@usableFromInline
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
  @usableFromInline weak var object: Object?

  init(_ object: Object) {
    self.object = object
  }
}

extension WeakReference {
  /// Calls `body` with the engine of the view model, if it still lives, holding the view model
  /// until `body` returns: the engine calls the view model's hooks, and a hook or closure may drop
  /// what else held it. What a run's task and timers reach the engine through.
  ///
  /// - Returns: What `body` returns, or `nil` when the view model is gone.
  @inlinable @inline(__always)
  func withEngine<ActionId: ActionIdType, Result>(
    _ body: (ActionEngine<ActionId>) throws -> Result
  ) rethrows -> Result? where Object == BaseViewModel<ActionId> {
    guard let viewModel = object else { return nil }
    return try withExtendedLifetime(viewModel) { try body(viewModel.engine) }
  }
}
