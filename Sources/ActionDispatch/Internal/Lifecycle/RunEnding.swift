/// How a run is being retired, with the typed delivery its task prepared.
enum RunEnding {
  /// The work returned `value`; `deliver` is the run's typed success closure bound to it.
  case succeeded(value: Any, deliver: (@MainActor () -> Void)?)
  /// The work threw, or the timeout fired.
  case failed(any Error)
  /// Cancelled, superseded, or released.
  case cancelled
}
