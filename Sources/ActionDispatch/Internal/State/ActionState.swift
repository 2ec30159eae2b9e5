import Observation

/// The state of one action that is not idle: observable per action, so a view that reads
/// action A is not invalidated by anything that happens to action B.
///
/// It exists only while the action has a run in flight, an error, a shown indicator or an open
/// throttle window: an idle action without an error holds no memory of its own (reads of it go
/// through ``IdleWatch``).
///
/// Not generic on purpose: Observation instantiates a key path per mutation, and a generic
/// class's key paths are built at run time (demangling included) on every access.
///
/// Observable by hand rather than with `@Observable`, so that its registrar (an allocation and
/// a lock) is made only when one of its properties is first read: a state that no one reads,
/// such as a row's that no view shows, never makes one, and changing it tells no one.
final class ActionState: Observable {
  /// Whether the action is loading: changed only on idle ↔ loading transitions.
  var isLoading: Bool {
    get {
      access(\.isLoading)
      return _isLoading
    }
    set { withMutation(\.isLoading) { _isLoading = newValue } }
  }
  /// The last run's error, until the action is dispatched again or the error is cleared.
  var failure: (any Error)? {
    get {
      access(\.failure)
      return _failure
    }
    set { withMutation(\.failure) { _failure = newValue } }
  }
  /// Whether a loading indicator is shown, for a view model whose ``LoadingIndicator`` is not
  /// immediate: changed only when the indicator appears or disappears.
  var isShowingLoading: Bool {
    get {
      access(\.isShowingLoading)
      return _isShowingLoading
    }
    set { withMutation(\.isShowingLoading) { _isShowingLoading = newValue } }
  }

  /// The storage behind ``isLoading``, ``failure`` and ``isShowingLoading``: read directly by
  /// the framework's own bookkeeping, which no view depends on.
  private(set) var _isLoading = false
  private(set) var _failure: (any Error)?
  private(set) var _isShowingLoading = false
  /// Made by the first read of an observable property; until then no one can be tracking one.
  private var registrar: ObservationRegistrar?

  /// The action's runs and throttle window: where its policies are decided.
  @exclusivity(unchecked) var machine = ActionStateMachine()
  /// The run whose result (value or error) is being delivered: it has ended, but the action
  /// counts it as loading until its result handlers have run.
  var resultInDelivery: Run?
  /// The indicator's pending delay or minimum display period, while one is running.
  var indicatorTimer: Task<Void, Never>?
  /// Whether the shown indicator's minimum display period has passed.
  var indicatorMinimumPassed = false

  init() {}

  /// Whether something still holds the action loading: a live run, or a result being delivered.
  var holdsLoading: Bool { !machine.runs.isEmpty || resultInDelivery != nil }

  /// Whether the state holds nothing of its own, so the action can drop it. Reads the storage:
  /// the framework's own bookkeeping is no reader.
  var isReclaimable: Bool {
    machine.isEmpty && !_isLoading && _failure == nil && !_isShowingLoading && indicatorTimer == nil
  }

  /// Whether the action has an error, read without registering with a tracking view.
  var hasFailure: Bool { _failure != nil }

  /// Tells readers that were tracking this state that it is going away, so they read again.
  func invalidateReaders() {
    guard let registrar else { return }
    registrar.withMutation(of: self, keyPath: \.isLoading) {}
    registrar.withMutation(of: self, keyPath: \.failure) {}
    registrar.withMutation(of: self, keyPath: \.isShowingLoading) {}
  }

  /// Registers a read of a property with whoever is tracking, making the registrar if needed.
  private func access<Member>(_ keyPath: KeyPath<ActionState, Member>) {
    if registrar == nil { registrar = ObservationRegistrar() }
    registrar?.access(self, keyPath: keyPath)
  }

  /// Changes a property, telling whoever tracks it; with no registrar, no one can be.
  private func withMutation(_ keyPath: KeyPath<ActionState, some Any>, _ mutation: () -> Void) {
    guard let registrar else { return mutation() }
    registrar.withMutation(of: self, keyPath: keyPath, mutation)
  }
}

/// How many actions are loading: non-generic for the same reason as ``ActionState``.
@Observable
final class LoadingSummary {
  /// Observable, for ``BaseViewModel/isAnyLoading``; read it through ``read()``.
  private(set) var loadingActionCount = 0
  /// Whether the count was read since it last changed: a reader may be tracking it.
  @ObservationIgnored private var wasRead = false

  /// The count, for a reader that may be tracking it.
  func read() -> Int {
    wasRead = true
    return loadingActionCount
  }

  /// Changes the count, telling trackers only if it was read since it last changed.
  func add(_ delta: Int) {
    if wasRead {
      loadingActionCount += delta
      wasRead = false
    } else {
      _loadingActionCount += delta
    }
  }
}
