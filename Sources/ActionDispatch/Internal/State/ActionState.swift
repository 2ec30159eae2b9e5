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
@Observable
final class ActionState {
  /// Whether the action is loading: changed only on idle ↔ loading transitions.
  var isLoading = false
  /// The last run's error, until the action is dispatched again or the error is cleared.
  var failure: (any Error)?
  /// Whether a loading indicator is shown, for a view model whose ``LoadingIndicator`` is not
  /// immediate: changed only when the indicator appears or disappears.
  var isShowingLoading = false

  /// The action's runs and throttle window: where its policies are decided.
  @ObservationIgnored @exclusivity(unchecked) var machine = ActionStateMachine()
  /// The run whose result (value or error) is being delivered: it has ended, but the action
  /// counts it as loading until its result handlers have run (see ``BaseViewModel/retire(_:of:_:)``).
  @ObservationIgnored var resultInDelivery: Run?
  /// The indicator's pending delay or minimum display period, while one is running.
  @ObservationIgnored var indicatorTimer: Task<Void, Never>?
  /// Whether the shown indicator's minimum display period has passed.
  @ObservationIgnored var indicatorMinimumPassed = false

  init() {}

  /// Whether something still holds the action loading: a live run, or a result being delivered.
  var holdsLoading: Bool { !machine.runs.isEmpty || resultInDelivery != nil }

  /// Whether the state holds nothing of its own, so the action can drop it.
  var isReclaimable: Bool {
    machine.isEmpty && !isLoading && failure == nil && !isShowingLoading && indicatorTimer == nil
  }

  /// Tells readers that were tracking this state that it is going away, so they read again.
  func invalidateReaders() {
    withMutation(keyPath: \.isLoading) {}
    withMutation(keyPath: \.failure) {}
    withMutation(keyPath: \.isShowingLoading) {}
  }
}

/// How many actions are loading: non-generic for the same reason as ``ActionState``.
@Observable
final class LoadingSummary {
  /// Observable, for ``BaseViewModel/isAnyLoading``.
  var loadingActionCount = 0
}
