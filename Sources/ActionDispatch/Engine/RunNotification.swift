/// A notification, posted by ``ActionEngine/post(_:of:)`` once the state change it reports has
/// happened, and delivered in the order posted.
///
/// Not generic (its action travels beside it): generic code that handles a value of a type
/// nested in the generic view model looks that type's metadata up at every use.
enum RunNotification {
  /// A run was accepted; `becameLoading` when the action went from idle to loading.
  case started(Run, becameLoading: Bool)
  /// A streaming run produced an element; `deliver` is the run's typed `onElement`.
  case element(Run, Any, deliver: @MainActor (Any) -> Void)
  /// A run was retired.
  case ended(Run, RunEnding)
  /// A dispatch was held by `.throttle` until its window closes.
  case held(UInt64)
  /// A dispatch was dropped: by `.ignoreWhileRunning`, or held by `.throttle` and replaced or cancelled.
  case dropped(UInt64, onFinish: (@MainActor (RunOutcome) -> Void)?)
  /// A dispatch joined a shared run in flight (`.joinRunning`).
  case joined(Run)
  /// A dispatch found its action fresh (`staleTime:`) and started nothing.
  case fresh(UInt64, onFinish: (@MainActor (RunOutcome) -> Void)?)
}

/// How a run ended.
enum RunEnding {
  /// The work returned; its value was handed, typed, to the run's success closure, the
  /// ``BaseViewModel/onSuccess(actionId:result:)`` hook and the `On` handlers just before
  /// (see ``ActionEngine/retire(_:of:returning:onSuccess:)``).
  case succeeded
  /// The work threw, or the timeout fired.
  case failed(any Error)
  /// Cancelled, superseded or timed out after a cancel; `wentIdle` when the action's loading
  /// ended with it.
  case cancelled(wentIdle: Bool)
}
