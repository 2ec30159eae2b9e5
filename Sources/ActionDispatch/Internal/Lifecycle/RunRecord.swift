/// One accepted run that has not been retired yet.
struct RunRecord {
  /// The run's task; `nil` only while admission is creating it.
  var task: Task<Void, Never>?
  /// The timer that fails the run when its `timeout` passes.
  var timer: Task<Void, Never>?
  /// When the run was accepted, for the events' `duration`.
  let startedAt: ContinuousClock.Instant
  /// The run's typed failure closure, given the error when the run fails (a timeout included).
  let onFailure: (@MainActor (any Error) -> Void)?
  /// Told how the run ended, for ``BaseViewModel/dispatchGroup(_:)``.
  let onFinish: (@MainActor (RunOutcome) -> Void)?
  /// Whether the run waits for every older run of its action to end before it starts.
  let waitsForTurn: Bool
  /// The waiting task, resumed when the run's turn comes or the run is retired.
  var turnWaiter: CheckedContinuation<Void, Never>?
  /// The previous and next live runs of the same action.
  var previous: UInt64?
  var next: UInt64?
}

/// How a run ended.
enum RunOutcome: Sendable {
  case succeeded
  case failed
  case cancelled
}
