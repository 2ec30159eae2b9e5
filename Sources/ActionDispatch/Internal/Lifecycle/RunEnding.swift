/// How a run is being retired, with the typed delivery its task prepared.
enum RunEnding {
  /// The work returned `value` (for the `On` handlers); `deliver` calls the run's typed success
  /// closure and the ``BaseViewModel/onSuccess(actionId:result:)`` hook with it.
  case succeeded(value: Any, deliver: @MainActor () -> Void)
  /// The work threw, or the timeout fired.
  case failed(any Error)
  /// Cancelled, superseded, or released.
  case cancelled
}
