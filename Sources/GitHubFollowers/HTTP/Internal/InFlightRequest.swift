import ActionDispatch
import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One URLSession data task bridged to async/await, cancellable without deadlocking.
///
/// `URLSession.data(for:)` on Linux cancels its `URLSessionTask` from the Swift task's
/// cancellation handler, which runs while the runtime holds that task's status lock;
/// `URLSessionTask.cancel()` then waits for the session's work queue. If the work queue is at
/// that moment finishing the same request, it resumes the continuation and waits for the
/// status lock: a lock-order inversion that hangs both threads
/// (swift-corelibs-foundation issue #5412, fixed upstream by PR #5417 but still reproducible
/// with Swift 6.3.1 when many requests are cancelled at once).
///
/// Here the cancellation handler only resumes the continuation with `CancellationError`
/// (the caller returns at once) and cancels the `URLSessionTask` later from a global queue,
/// outside every lock; the completion handler's late answer is dropped. Continuations are
/// always resumed outside the lock box, so no lock is held while the runtime takes its own.
final class InFlightRequest: Sendable {
  private struct State {
    var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
    var task: URLSessionDataTask?
    var isCancelled = false
  }

  private let state = LockedState(State())

  /// Sends the request and waits for its data and response.
  ///
  /// - Throws: `CancellationError` as soon as the calling task is cancelled; the session's
  ///   `URLError` otherwise.
  static func data(for request: URLRequest, in session: URLSession) async throws -> (Data, URLResponse) {
    let inFlight = InFlightRequest()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: request) { data, response, error in
          if let error {
            inFlight.finish(.failure(error))
          } else if let response {
            inFlight.finish(.success((data ?? Data(), response)))
          } else {
            inFlight.finish(.failure(URLError(.badServerResponse)))
          }
        }
        inFlight.start(task, continuation: continuation)
      }
    } onCancel: {
      inFlight.cancel()
    }
  }

  private func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
    let cancelledEarly = state.withLock { state -> Bool in
      if state.isCancelled { return true }
      state.continuation = continuation
      state.task = task
      return false
    }
    if cancelledEarly {
      continuation.resume(throwing: CancellationError())
    } else {
      task.resume()
    }
  }

  private func finish(_ result: Result<(Data, URLResponse), any Error>) {
    let continuation = state.withLock { state in
      defer {
        state.continuation = nil
        state.task = nil
      }
      return state.continuation
    }
    continuation?.resume(with: result)
  }

  private func cancel() {
    let (continuation, task) = state.withLock { state in
      defer {
        state.isCancelled = true
        state.continuation = nil
        state.task = nil
      }
      return (state.continuation, state.task)
    }
    continuation?.resume(throwing: CancellationError())
    if let task {
      // Off the canceller's thread: URLSessionTask.cancel() waits for the session's queue.
      DispatchQueue.global().async { task.cancel() }
    }
  }
}
