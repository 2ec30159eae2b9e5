import Observation

/// The state of one action: observable per action, so a view that reads action A is not
/// invalidated by anything that happens to action B.
///
/// Not generic on purpose: Observation instantiates a key path per mutation, and a generic
/// class's key paths are built at run time (demangling included) on every access.
@Observable
final class ActionState {
  /// Runs accepted and not yet ended.
  var runningCount = 0
  /// The last run's error, until the action is dispatched again or the error is cleared.
  var failure: (any Error)?

  /// The runs in flight, oldest first. Usually zero or one, so a linear scan is cheapest.
  @ObservationIgnored var runs: [Run] = []
  /// Whether `observe { On(...) }` registered anything for this action, so runs skip the lookup otherwise.
  @ObservationIgnored var hasObservers = false

  init() {}

  /// The position of a live run, or `nil` once it has ended.
  func index(of runID: UInt64) -> Int? {
    runs.firstIndex { $0.id == runID }
  }
}

/// One accepted run that has not ended yet.
struct Run {
  let id: UInt64
  var task: Task<Void, Never>?
  let startedAt: ContinuousClock.Instant
  let onFinish: (@MainActor (RunOutcome) -> Void)?
}

/// How a run ended.
enum RunOutcome: Sendable {
  case succeeded
  case failed
  case cancelled
}

/// How many actions are loading: non-generic for the same reason as ``ActionState``.
@Observable
final class LoadingSummary {
  var loadingActionCount = 0
}
