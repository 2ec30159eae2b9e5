/// What admission decided for a dispatch: the one place a ``DispatchPolicy`` is read.
enum Admission: Equatable {
  /// The dispatch is dropped: it emits `dropped` and its task completes at once.
  case drop
  /// The run is accepted.
  ///
  /// - `supersedes`: the older live runs of the action are retired as cancelled.
  /// - `start`: when its work starts.
  /// - `opensWindow`: a throttle interval that starts with this run: dispatches within it are held.
  case accept(supersedes: Bool, start: Start, opensWindow: Duration? = nil)
  /// The dispatch is held until the action's throttle window closes, replacing (as dropped)
  /// the dispatch held before it; it is not a run until then.
  case hold

  /// When an accepted run's work starts.
  enum Start: Equatable {
    /// At once.
    case now
    /// When every older live run of the action has ended.
    case afterPredecessors
    /// After a quiet period on the view model's clock.
    case afterQuietPeriod(Duration)
  }

  /// Decides what a dispatch with the given policy does.
  ///
  /// - Parameters:
  ///   - policy: The dispatch's policy.
  ///   - hasLiveRuns: Whether the action has runs that have not ended.
  ///   - throttleWindowIsOpen: Whether a throttled run of the action started less than its
  ///     interval ago.
  init(policy: DispatchPolicy, hasLiveRuns: Bool, throttleWindowIsOpen: Bool = false) {
    switch policy {
    case .concurrent: self = .accept(supersedes: false, start: .now)
    case .cancelPrevious: self = .accept(supersedes: true, start: .now)
    case .ignoreWhileRunning: self = hasLiveRuns ? .drop : .accept(supersedes: false, start: .now)
    case .enqueue: self = .accept(supersedes: false, start: hasLiveRuns ? .afterPredecessors : .now)
    case .debounce(let quiet): self = .accept(supersedes: true, start: .afterQuietPeriod(quiet))
    case .throttle(let interval):
      self = throttleWindowIsOpen ? .hold : .accept(supersedes: false, start: .now, opensWindow: interval)
    }
  }
}

/// What ``BaseViewModel/admit(_:policy:retry:timeout:onFailure:onFinish:)`` did with a dispatch.
@usableFromInline
enum AdmissionResult {
  /// Dropped: the task to return, which completes at once.
  case dropped(Task<Void, Never>)
  /// Held until the action's throttle window closes; the number it was given.
  case held(UInt64)
  /// Accepted: the run, live, and its plan; whether it supersedes the older runs and the
  /// throttle window it opens, for ``BaseViewModel/started(_:of:supersedes:window:)``.
  case accepted(Run, RunPlan?, supersedes: Bool, window: Duration?)
}
