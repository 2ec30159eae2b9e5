/// One caller of a ``SharedWork``: it hears the result once — the work's, or its own leaving's —
/// through its own delivery and, when it awaits the result, by its task resuming.
///
/// A view model's caller (``DispatchPolicy/joinRunning``) is told its result first (``tell(_:)``)
/// and ends after the run's end was delivered (``end(with:)`` with `nil`), when its group hears
/// how its part ended (``onFinish``).
@MainActor
final class SharedWorkCaller<Value> {
  /// Its own delivery, told its result before its task resumes.
  private let receive: (@MainActor (Result<Value, any Error>) -> Void)?
  /// Told how its part ended, for a view model's group: the run's outcome, `cancelled` when it
  /// left, `failed` when its own timeout passed.
  var onFinish: (@MainActor (RunOutcome) -> Void)?
  /// A view model caller's returned task: once that is cancelled, the caller is as good as gone
  /// (its leaving is on its way to the main actor), and is told nothing more.
  var task: Task<Void, Never>?
  /// Its waiting task, for a caller that awaits the result; resumed once.
  var continuation: UnsafeContinuation<MainActorValue<Value>, any Error>?
  /// Its own timeout, while it waits.
  var timer: Task<Void, Never>?
  /// Told when its part ends, after its delivery; let go of then.
  var observer: (any SharedWorkCallerObserver)?
  /// Whether its part ended: it got the result, or it left.
  private(set) var hasEnded = false

  /// Makes a caller.
  ///
  /// - Parameter receive: Its own delivery; `nil` for one that only awaits the result.
  init(receive: (@MainActor (Result<Value, any Error>) -> Void)?) {
    self.receive = receive
  }

  /// Whether it still wants the result: its part has not ended and its task is not cancelled.
  var isAttached: Bool { !hasEnded && task?.isCancelled != true }

  /// Tells its delivery `result` without ending its part.
  func tell(_ result: Result<Value, any Error>) {
    receive?(result)
  }

  /// Ends its part: its delivery is told `result` (nothing when `nil`), and its task resumes.
  func end(with result: Result<Value, any Error>?) {
    guard !hasEnded else { return }
    hasEnded = true
    timer?.cancel()
    timer = nil
    if let result { receive?(result) }
    if let observer {
      self.observer = nil
      observer.callerEnded()
    }
    guard let continuation else { return }
    self.continuation = nil
    continuation.resume(with: (result ?? .failure(CancellationError())).map(MainActorValue.init))
  }
}
