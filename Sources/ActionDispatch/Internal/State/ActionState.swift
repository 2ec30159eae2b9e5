import Observation

/// The state of one action that is not idle: observable per action, so a view that reads
/// action A is not invalidated by anything that happens to action B.
///
/// It exists only while the action has a run in flight or an error: an idle action without an
/// error holds no memory of its own (reads of it go through ``IdleWatch``).
///
/// Not generic on purpose: Observation instantiates a key path per mutation, and a generic
/// class's key paths are built at run time (demangling included) on every access.
@Observable
final class ActionState {
  /// Whether the action is loading: observable, and changed only on idle ↔ loading transitions.
  var isLoading = false
  /// The last run's error, until the action is dispatched again or the error is cleared.
  var failure: (any Error)?
  /// Whether a loading indicator is shown, for a view model whose ``LoadingIndicator`` is not
  /// immediate: observable, and changed only when the indicator appears or disappears.
  var isShowingLoading = false

  /// How many runs count towards loading; it lags ``liveRuns`` while their ends are delivered.
  @ObservationIgnored @exclusivity(unchecked) var loadingCount = 0
  /// The runs accepted and not yet retired, oldest first: their numbers only.
  @ObservationIgnored @exclusivity(unchecked) var liveRuns = RunOrder()
  /// Whether ``isLoading`` was read since it last changed: a reader may be tracking it.
  @ObservationIgnored var loadingWasRead = false
  /// Whether ``failure`` was read since it last changed.
  @ObservationIgnored var failureWasRead = false
  /// Whether ``isShowingLoading`` was read since it last changed.
  @ObservationIgnored var showingWasRead = false
  /// The indicator's pending delay or minimum display period, while one is running.
  @ObservationIgnored var indicatorTimer: Task<Void, Never>?
  /// Whether the shown indicator's minimum display period has passed.
  @ObservationIgnored var indicatorMinimumPassed = false
  /// The open throttle window, while a throttled run started less than its interval ago.
  @ObservationIgnored var throttle: ThrottleWindow?

  init() {}

  /// Whether the state holds nothing of its own, so the action can drop it.
  var isReclaimable: Bool {
    liveRuns.isEmpty && loadingCount == 0 && !hasFailure && !_isShowingLoading && indicatorTimer == nil
      && throttle == nil
  }

  /// Whether the action has an error, read without registering with a tracking view: for the
  /// framework's own bookkeeping, which no view depends on.
  var hasFailure: Bool { _failure != nil }

  /// Sets ``isLoading``, telling trackers only if it was read since it last changed: with no
  /// reader nothing can be tracking it, so a row nobody looks at pays no observation cost.
  func setLoading(_ loading: Bool) {
    if loadingWasRead {
      isLoading = loading
      loadingWasRead = false
    } else {
      _isLoading = loading
    }
  }

  /// Tells readers that were tracking this state that it is going away, so they read again.
  func invalidateReaders() {
    if loadingWasRead { withMutation(keyPath: \.isLoading) {} }
    if failureWasRead { withMutation(keyPath: \.failure) {} }
    if showingWasRead { withMutation(keyPath: \.isShowingLoading) {} }
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
