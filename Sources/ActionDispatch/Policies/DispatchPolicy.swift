/// What `dispatch` does when an action is dispatched while an earlier run of it is in flight.
///
/// Pick the policy per call, to fit the gesture that triggers it:
///
/// ```swift
/// dispatch(actionId: .search, policy: .debounce(.milliseconds(300))) { [service] in
///   try await service.searchUsers(query)
/// }
/// ```
///
/// Every run that is accepted starts at once (loading is visible as soon as `dispatch`
/// returns) and ends exactly once: succeeded, failed or cancelled. A run that a policy
/// supersedes ends as cancelled and never delivers its result or error. A dispatch that
/// ``throttle(_:)`` holds is not a run until its interval ends; one it replaces, like one that
/// ``ignoreWhileRunning`` drops, emits ``ActionEvent/Kind/dropped`` alone; one that
/// ``joinRunning`` joins to a run in flight emits ``ActionEvent/Kind/joined`` and shares that
/// run's result.
///
/// > Important: This enum will grow: a later version may add a policy, listed under "Breaking"
/// > in the CHANGELOG. A `switch` over it that should keep compiling gives a `default:` case.
public enum DispatchPolicy: Sendable, Hashable {
  /// Every run runs and delivers; the action stays loading until the last run ends.
  case concurrent
  /// A new run cancels the runs in flight: search-as-you-type, refresh.
  case cancelPrevious
  /// A new run is dropped while a run is in flight: a double-tapped Submit.
  ///
  /// The dropped dispatch emits a ``ActionEvent/Kind/dropped`` event and returns a task
  /// that is already complete.
  case ignoreWhileRunning
  /// Runs execute one after another, in the order they were dispatched.
  case enqueue
  /// Waits for a quiet period on the view model's clock, then runs as ``cancelPrevious``.
  ///
  /// A dispatch during the quiet period supersedes the waiting run, so typing sends one
  /// request for the last keystroke, and a stale result never overwrites a newer one.
  case debounce(Duration)
  /// Runs the first dispatch at once, then at most one run per interval, the latest dispatch
  /// each time, on the view model's clock — Combine's `throttle(for:latest: true)`.
  ///
  /// A dispatch within the interval after a throttled run started is held; when the interval
  /// ends, the latest held dispatch starts (and a new interval with it). The held dispatches it
  /// replaced end as ``ActionEvent/Kind/dropped``, and their tasks complete at once. A held
  /// dispatch is not a run yet: it emits nothing and the action is not loading for it until it
  /// starts. Runs that did start are not cancelled by later ones; they run as ``concurrent``.
  /// ``BaseViewModel/cancel(_:)`` and cancelling a held dispatch's task drop it.
  case throttle(Duration)
  /// A dispatch while a run of the action is in flight joins that run instead of starting one:
  /// a screen and a pull-to-refresh that ask for the same data at once send one request.
  ///
  /// ```swift
  /// dispatch(actionId: .profile(login), policy: .joinRunning, task: { [service] in
  ///   try await service.profile(of: login)
  /// }) { viewModel, profile in
  ///   viewModel.profile = profile
  /// }
  /// ```
  ///
  /// The run's result is shared: when it ends, every caller's `onSuccess` (or `onFailure`) runs
  /// once, with the same value (or error), in dispatch order; ``ActionDispatching/dispatchAndWait(actionId:policy:staleTime:supersedes:retry:timeout:optimistic:task:onSuccess:onFailure:oncePerRun:)``
  /// returns after its own closure ran, and each caller's returned task completes when the run
  /// ends. A joining dispatch emits ``ActionEvent/Kind/joined`` (carrying the run's number) and
  /// starts nothing: the run keeps its own work, `retry:` and `timeout:`, and the joiner's are
  /// not used. A run that is not ``joinRunning``'s own (one started under another policy, whose
  /// task belongs to its caller) is not joined: the dispatch then starts a run of its own.
  ///
  /// Cancelling one caller's task detaches that caller alone: its closures never run and its
  /// task completes, while the run goes on for the others. When the last caller leaves, no one
  /// wants the result any more and the run is cancelled (as TanStack Query aborts a query that
  /// lost its last observer). ``BaseViewModel/cancel(_:)``, a superseding dispatch or releasing
  /// the view model ends the run for every caller.
  ///
  /// An `optimistic:` change is made once per run, by the dispatch that started it; a joiner's is
  /// never made. A streaming run (``ActionDispatching/dispatch(actionId:policy:staleTime:supersedes:retry:timeout:optimistic:elements:onElement:)``)
  /// delivers each element to the callers attached when it comes: a joiner receives the elements
  /// from the moment it joins, not those delivered before.
  case joinRunning
}
