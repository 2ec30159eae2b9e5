import ActionDispatch

/// One randomly generated schedule: runs with mixed policies, retries, timeouts and gates, the
/// steps a test takes between them, and re-entrant reactions inside listeners and `onSuccess` closures.
///
/// Generated from a seed alone, so a failing world is replayed with `SCHEDULE_SEED=<seed>`.
struct World: CustomStringConvertible {
  /// What one run's work does and how it is dispatched.
  struct RunSpec: CustomStringConvertible {
    var action: RowAction
    var policy: DispatchPolicy
    /// Total attempts when retried (backoff 1 s, then 2 s); `nil` for no retry.
    var maxAttempts: Int?
    var timeout: Duration?
    /// How many attempts throw before one returns.
    var failures: Int
    /// Whether each attempt waits at the run's gate.
    var gated: Bool
    /// Whether the work waits at the gate ignoring cancellation.
    var ignoresCancellation: Bool
    /// What the run's `onSuccess` closure does, re-entrantly (a streaming run: on its last element).
    var successEffect: Effect?
    /// What the run's `onFailure` closure does, re-entrantly; a streaming run has none.
    var failureEffect: Effect?
    /// Whether the run streams two elements (the second after its gate) instead of returning one value.
    var streaming = false
    /// The actions its dispatch supersedes (`supersedes:`), its own perhaps among them; `nil` for none.
    var supersedes: [RowAction]?
    /// Its `staleTime:`, when it gives one: it is answered fresh within that long after a success.
    var staleTime: Duration?

    var description: String {
      var parts = ["\(action)", "\(policy)"]
      if let maxAttempts { parts.append("retry \(maxAttempts)") }
      if let timeout { parts.append("timeout \(timeout)") }
      if failures > 0 { parts.append("fails \(failures)×") }
      if streaming { parts.append("streams 2") }
      if let supersedes { parts.append("supersedes \(supersedes)") }
      if let staleTime { parts.append("staleTime \(staleTime)") }
      parts.append(gated ? (ignoresCancellation ? "gated, ignores cancel" : "gated") : "instant")
      if let successEffect { parts.append("onSuccess → \(successEffect)") }
      if let failureEffect { parts.append("onFailure → \(failureEffect)") }
      return parts.joined(separator: ", ")
    }
  }

  /// Something the view model is asked to do from inside a callback.
  enum Effect: CustomStringConvertible {
    case dispatchQuick(RowAction, DispatchPolicy)
    /// A quick dispatch that supersedes the listed actions (its own perhaps among them).
    case dispatchSuperseding(RowAction, DispatchPolicy, [RowAction])
    case cancel(RowAction)
    case cancelAll
    /// `cancelAll()`, then a dispatch of the action in the same callback, once it returned.
    case cancelAllThenDispatch(RowAction)
    case clearError(RowAction)
    case cancelTask(Int)
    case dropOnToken
    case release
    /// `invalidate(_:)` of the action.
    case invalidate(RowAction)
    /// A quick `.joinRunning` dispatch with a `staleTime` of ``World/quickStaleTime``: joined, fresh, or a run.
    case dispatchFresh(RowAction)

    var description: String {
      switch self {
      case .dispatchQuick(let action, let policy): "dispatch \(action) \(policy)"
      case .dispatchSuperseding(let action, let policy, let others):
        "dispatch \(action) \(policy) superseding \(others)"
      case .cancel(let action): "cancel(\(action))"
      case .cancelAll: "cancelAll"
      case .cancelAllThenDispatch(let action): "cancelAll, then dispatch \(action)"
      case .clearError(let action): "clearError(\(action))"
      case .cancelTask(let run): "cancel task of run \(run)"
      case .dropOnToken: "drop the On token"
      case .release: "release the view model"
      case .invalidate(let action): "invalidate(\(action))"
      case .dispatchFresh(let action): "dispatch \(action) joinRunning, staleTime \(World.quickStaleTime)"
      }
    }
  }

  /// A step the test takes at top level, between awaits.
  enum Step: CustomStringConvertible {
    case dispatch(Int)
    case open(Int)
    case cancel(RowAction)
    case cancelTask(Int)
    case cancelAll
    case clearError(RowAction)
    case advance(Duration)
    case settle
    case release
    case invalidate(RowAction)
    case invalidateAll

    var description: String {
      switch self {
      case .dispatch(let run): "dispatch run \(run)"
      case .open(let run): "open gate \(run)"
      case .cancel(let action): "cancel(\(action))"
      case .cancelTask(let run): "cancel task of run \(run)"
      case .cancelAll: "cancelAll"
      case .clearError(let action): "clearError(\(action))"
      case .advance(let duration): "advance \(duration)"
      case .settle: "settle"
      case .release: "release"
      case .invalidate(let action): "invalidate(\(action))"
      case .invalidateAll: "invalidateAll"
      }
    }
  }

  /// An effect run inside the listener callback whose key (`listener:action.phase`) matches, at most once.
  struct Reaction: CustomStringConvertible {
    var trigger: String
    var effect: Effect
    var description: String { "on \(trigger) → \(effect)" }
  }

  static let actions: [RowAction] = [.a, .b, .row(0), .row(1), .row(2)]
  /// The `staleTime` of the quick fresh dispatches reactions make.
  static let quickStaleTime = Duration.seconds(2)
  /// The `staleTime`s a world's runs give, the longest last.
  static let staleTimes: [Duration] = [.seconds(1), .seconds(3)]

  let seed: UInt64
  /// Whether the view model shows loading through a timed ``LoadingIndicator`` (0.5 s delay, 1 s minimum).
  var timedIndicator = false
  var runs: [RunSpec] = []
  var steps: [Step] = []
  var reactions: [Reaction] = []

  var description: String {
    var lines = ["world \(seed)\(timedIndicator ? " (timed loading indicator)" : ""):"]
    lines += runs.enumerated().map { "  run \($0): \($1)" }
    lines += reactions.map { "  reaction: \($0)" }
    lines.append("  steps: " + steps.map(\.description).joined(separator: "; "))
    return lines.joined(separator: "\n")
  }
}
