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
      readers().access(self, keyPath: \.isLoading)
      return _isLoading
    }
    set {
      guard let registrar else { return _isLoading = newValue }
      registrar.withMutation(of: self, keyPath: \.isLoading) { _isLoading = newValue }
    }
  }
  /// The last run's error, until the action is dispatched again or the error is cleared.
  var failure: (any Error)? {
    get {
      readers().access(self, keyPath: \.failure)
      return _failure
    }
    set {
      guard let registrar else { return _failure = newValue }
      registrar.withMutation(of: self, keyPath: \.failure) { _failure = newValue }
    }
  }
  /// Whether a loading indicator is shown, for a view model whose ``LoadingIndicator`` is not
  /// immediate: changed only when the indicator appears or disappears.
  var isShowingLoading: Bool {
    get {
      readers().access(self, keyPath: \.isShowingLoading)
      return _isShowingLoading
    }
    set {
      guard let registrar else { return _isShowingLoading = newValue }
      registrar.withMutation(of: self, keyPath: \.isShowingLoading) { _isShowingLoading = newValue }
    }
  }

  /// The storage behind ``isLoading``, ``failure`` and ``isShowingLoading``: read directly by
  /// the framework's own bookkeeping, which no view depends on.
  private(set) var _isLoading = false
  private(set) var _failure: (any Error)?
  private(set) var _isShowingLoading = false
  /// Made by the first read of an observable property; until then no one can be tracking one,
  /// and a change is a plain store: no key path is formed and no registrar is asked.
  ///
  /// A class holding the registrar rather than an optional registrar: `ObservationRegistrar`'s
  /// layout is not known outside its module, so asking an optional of it for `nil` went through
  /// a value witness on every change (measured: the keyed-rows benchmark, issue 22).
  private var registrar: Readers?

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

  /// The registrar that reads register with, made on the first read.
  private func readers() -> Readers {
    if let registrar { return registrar }
    let made = Readers()
    registrar = made
    return made
  }

  /// The registrar of a state that was read, in a box that a plain pointer check finds absent.
  private final class Readers {
    private let registrar = ObservationRegistrar()

    func access<Member>(_ subject: ActionState, keyPath: KeyPath<ActionState, Member>) {
      registrar.access(subject, keyPath: keyPath)
    }

    func withMutation<Member, Result>(
      of subject: ActionState, keyPath: KeyPath<ActionState, Member>, _ mutation: () throws -> Result
    ) rethrows -> Result {
      try registrar.withMutation(of: subject, keyPath: keyPath, mutation)
    }
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
