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
  /// Whether the action is loading: changed only on idle ↔ loading transitions.
  var isLoading = false
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
  /// Unchecked for the "distinct rows" gate: see the figures beside `BaseViewModel`'s stored properties.
  @exclusivity(unchecked) var machine = ActionStateMachine()
  /// The run whose result (value or error) is being delivered: it has ended, but the action
  /// counts it as loading until its result handlers have run.
  var resultInDelivery: Run?
  /// The indicator's pending delay or minimum display period, while one is running.
  var indicatorTimer: Task<Void, Never>?
  /// Whether the shown indicator's minimum display period has passed.
  var indicatorMinimumPassed = false
  /// The optimistic changes of the action's runs, oldest first, until each is settled (see
  /// ``ActionEngine/settle(_:of:_:)``): the entry stays while any is.
  var optimisticLayers: [OptimisticChange] = []

  init() {}

  /// Whether something still holds the action loading: a live run, or a result being delivered.
  var holdsLoading: Bool { !machine.runs.isEmpty || resultInDelivery != nil }

  /// Whether the state holds nothing of its own, so the action can drop it.
  var isReclaimable: Bool {
    machine.isEmpty && !isLoading && failure == nil && !isShowingLoading && indicatorTimer == nil
      && optimisticLayers.isEmpty
  }
}
