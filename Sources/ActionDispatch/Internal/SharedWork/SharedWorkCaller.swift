/// One caller of a ``SharedWork``: it hears the result once — the work's, or its own leaving's —
/// through its own delivery and, when it awaits the result, by its task resuming.
@MainActor
final class SharedWorkCaller<Value> {
  /// Its own delivery, told its result before its task resumes.
  private let receive: (@MainActor (Result<Value, any Error>) -> Void)?
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

  /// Ends its part with `result`: its delivery is told, and its task resumes.
  func end(with result: Result<Value, any Error>) {
    guard !hasEnded else { return }
    hasEnded = true
    timer?.cancel()
    timer = nil
    receive?(result)
    if let observer {
      self.observer = nil
      observer.callerEnded()
    }
    guard let continuation else { return }
    self.continuation = nil
    continuation.resume(with: result.map(MainActorValue.init))
  }
}
