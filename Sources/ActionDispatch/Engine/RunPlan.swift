/// What a run does besides calling its work once: wait for its turn or a quiet period, retry,
/// time out. A plain run has none.
///
/// A class, so that a run's task carries one pointer for it: its frame stays small, and a
/// plain run's task fits the task's first allocation slab.
@usableFromInline
final class RunPlan: Sendable {
  let start: ActionStateMachine.Start
  let retry: RetryPolicy?
  let timeout: Duration?
  /// The view model's clock, which the waits, backoffs and timeout are measured on.
  let clock: any Clock<Duration>

  init(start: ActionStateMachine.Start, retry: RetryPolicy?, timeout: Duration?, clock: any Clock<Duration>) {
    self.start = start
    self.retry = retry
    self.timeout = timeout
    self.clock = clock
  }
}
