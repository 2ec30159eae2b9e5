/// A dispatch held by a throttle window: not a run yet, and perhaps never one.
///
/// Its returned task waits here until the dispatch either starts (and then waits for the run)
/// or is dropped (and then completes at once).
final class HeldDispatch {
  /// The dispatch's number, for its `dropped` event.
  let runID: UInt64
  /// Starts the held dispatch as a run, through admission; `nil` when the view model is gone.
  let begin: @MainActor () -> Task<Void, Never>?
  /// Told `.cancelled` when the dispatch is dropped, for ``BaseViewModel/dispatchGroup(_:)``.
  let onFinish: (@MainActor (RunOutcome) -> Void)?
  /// Whether the dispatch has started or been dropped.
  private(set) var isSettled = false
  /// The run it became, once started.
  private(set) var run: Task<Void, Never>?
  /// The returned task, parked until the dispatch is settled.
  private var waiter: CheckedContinuation<Task<Void, Never>?, Never>?

  init(
    runID: UInt64, begin: @escaping @MainActor () -> Task<Void, Never>?,
    onFinish: (@MainActor (RunOutcome) -> Void)?
  ) {
    self.runID = runID
    self.begin = begin
    self.onFinish = onFinish
  }

  /// Records how the dispatch was settled — the run it became, or `nil` when dropped — and wakes its task.
  func settle(_ run: Task<Void, Never>?) {
    guard !isSettled else { return }
    isSettled = true
    self.run = run
    waiter?.resume(returning: run)
    waiter = nil
  }

  /// Parks the returned task until the dispatch is settled (at once if it already is).
  func wait(_ continuation: CheckedContinuation<Task<Void, Never>?, Never>) {
    if isSettled { continuation.resume(returning: run) } else { waiter = continuation }
  }
}
