/// One caller of a shared run (``DispatchPolicy/joinRunning``): the dispatch that started it or
/// one that joined it, with its own closures and its own returned task.
///
/// `@unchecked Sendable` only so that its task's cancellation handler can carry it to the main
/// actor; it is read and written on the main actor alone, and by a released view model's
/// `deinit`, which only resumes its waiter (the task parks with the view model held).
final class RunCaller: @unchecked Sendable {
  /// The caller's dispatch number.
  let id: UInt64
  /// What it is told of the run.
  let delivery: Delivery
  /// Its returned task: once that is cancelled, the caller is as good as gone (its leaving is
  /// on its way to the main actor), and is told nothing more.
  var task: Task<Void, Never>?
  /// Whether its part has ended: it left, or the run ended.
  var hasEnded = false
  /// Its returned task, parked until its part ends. Unsafe (no allocation): every resume clears
  /// it first, so it is resumed exactly once.
  var waiter: UnsafeContinuation<Void, Never>?

  init(id: UInt64, delivery: Delivery) {
    self.id = id
    self.delivery = delivery
  }

  /// Whether it still wants the run's result: its part has not ended and its task is not cancelled.
  var isAttached: Bool { !hasEnded && task?.isCancelled != true }

  /// Ends its part: its returned task completes.
  func end() {
    hasEnded = true
    guard let waiter else { return }
    self.waiter = nil
    waiter.resume()
  }

  /// A caller's closures.
  struct Delivery {
    /// Its success closure, given the run's value boxed: `false` when the value is not of the
    /// type it expects (it joined a run of the same action with another result type).
    var succeeded: (@MainActor (Any) -> Bool)?
    /// Its failure closure.
    var failed: (@MainActor (any Error) -> Void)?
    /// Its `onElement`, for a streaming run.
    var element: (@MainActor (Any) -> Void)?
    /// Told how its part ended — the run's outcome, or `cancelled` when it left — for groups.
    var onFinish: (@MainActor (RunOutcome) -> Void)?
  }
}
