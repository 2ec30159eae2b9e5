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
/// supersedes ends as cancelled and never delivers its result or error.
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
}
