import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One URLSession data task bridged to async/await, with an overall deadline and a size limit
/// enforced while the body arrives, cancellable without deadlocking.
///
/// - **Deadline.** URLSession's own timeout is an idle timeout: a server that sends one byte a
///   second resets it forever. Here a timer started with the request ends it with
///   `URLError(.timedOut)` when the whole response has not arrived in time, whatever trickles in.
/// - **Size.** A `Content-Length` over the limit is refused as soon as the head arrives; a body
///   without one (chunked, or decompressed from gzip) is kept only up to the limit: past it the
///   request ends with ``HTTPResponseTooLargeError`` and later pieces are dropped unread, so a
///   200 MiB body or a gzip bomb never sits in memory.
/// - **Redirects.** FoundationNetworking keeps a redirect from the delegate until its whole body
///   has arrived, so on Linux the head is read as libcurl reads it (``HeadWatch``, set up from
///   the delegate inside `startLoading`, which is why a request is a streamed upload task there):
///   at its end the request answers with the head and an empty body, and the transfer stops
///   there. A redirect's body (a gzip bomb, or just long) is never read, inflated or kept.
/// - **Cancellation.** `URLSession.data(for:)` on Linux cancels its `URLSessionTask` from the
///   Swift task's cancellation handler, which runs while the runtime holds that task's status
///   lock; `URLSessionTask.cancel()` then waits for the session's work queue, which may at that
///   moment be resuming the same continuation: a lock-order inversion that hangs both threads
///   (swift-corelibs-foundation issue #5412). Here every early end resumes the caller at once
///   and cancels the `URLSessionTask` later, outside every lock.
/// - **No waiting on the shared queue from the thread pools.** Every URLSession in a process
///   shares one serial work queue, and creating, resuming and cancelling a task each wait for it
///   (`dispatch_sync`), for as long as libcurl holds it. Made from Swift's cooperative pool or a
///   global queue, those waits take the threads (two on a two-core machine) that everything
///   else needs: while one transfer held the queue, a ThreadSanitizer run had both of Swift's
///   threads and four global ones waiting there, and no task in the process could run. They
///   are made instead on ``sessionCalls``, one serial queue of this module's own: the caller's
///   thread returns at once and at most one thread waits.
///
/// Continuations are always resumed outside the lock box.
final class InFlightRequest: Sendable {
  private struct State {
    var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>?
    var task: URLSessionDataTask?
    var deadline: (any DispatchSourceTimer)?
    var response: HTTPURLResponse?
    var body = Data()
    var received = 0
    var isEnded = false
    var head = ResponseHead()
    var watch: Int?
  }

  /// Where every call that waits for URLSession's shared work queue is made: creating,
  /// resuming and cancelling tasks. Serial, so at most one thread ever waits there.
  private static let sessionCalls = DispatchQueue(label: "GitHubAPI.InFlightRequest.sessionCalls")

  private let state = LockedState(State())
  private let url: URL?
  private let maxBytes: Int
  private let timeout: Duration

  private init(url: URL?, maxBytes: Int, timeout: Duration) {
    self.url = url
    self.maxBytes = maxBytes
    self.timeout = timeout
  }

  /// Sends the request and waits for its whole response.
  ///
  /// - Throws: `CancellationError` as soon as the calling task is cancelled;
  ///   `URLError(.timedOut)` when the response is not complete within `timeout`;
  ///   ``HTTPResponseTooLargeError`` past `maxBytes`; the session's `URLError` otherwise.
  static func response(
    for request: URLRequest, in session: URLSession, delegate: SessionDelegate, maxBytes: Int, timeout: Duration
  ) async throws -> (Data, HTTPURLResponse) {
    let inFlight = InFlightRequest(url: request.url, maxBytes: maxBytes, timeout: timeout)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        guard inFlight.wait(with: continuation) else { return }
        sessionCalls.async { inFlight.send(request, in: session, delegate: delegate) }
      }
    } onCancel: {
      inFlight.end(.failure(CancellationError()))
    }
  }

  /// Keeps the caller's continuation and starts the deadline, unless the request already ended
  /// (cancelled before it began): then the caller is answered at once.
  ///
  /// - Returns: Whether the request goes ahead.
  private func wait(with continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) -> Bool {
    // A timer source, not `asyncAfter`: a cancelled source is gone at once, while a cancelled
    // `asyncAfter` item stays queued until its deadline, so a long paging run (a page every few
    // milliseconds, a 30-second deadline each) would hold thousands of them. Made only for a
    // request that goes ahead: a source must not be released before it is resumed.
    let deadline = state.withLock { state -> (any DispatchSourceTimer)? in
      if state.isEnded { return nil }
      let timer = DispatchSource.makeTimerSource(queue: .global())
      timer.setEventHandler { [weak self] in
        self?.end(.failure(URLError(.timedOut, userInfo: [NSLocalizedDescriptionKey: "deadline passed"])))
      }
      state.continuation = continuation
      state.deadline = timer
      return timer
    }
    guard let deadline else {
      continuation.resume(throwing: CancellationError())
      return false
    }
    let (seconds, attoseconds) = timeout.components
    let interval = max(0, Double(seconds) + Double(attoseconds) / 1e18)
    deadline.schedule(deadline: .now() + interval)
    deadline.resume()
    return true
  }

  /// Creates and resumes the data task, on ``sessionCalls``; nothing is sent for a request
  /// that ended (cancelled, or past its deadline) while waiting for its turn there.
  private func send(_ request: URLRequest, in session: URLSession, delegate: SessionDelegate) {
    dispatchPrecondition(condition: .onQueue(Self.sessionCalls))
    if state.withLock({ $0.isEnded }) { return }
    #if canImport(FoundationNetworking)
      // A streamed upload task, never given a stream (the delegate answers `nil`, so no body is
      // sent and a GET stays a GET): FoundationNetworking asks the delegate for it from inside
      // `startLoading`, the one moment ``HeadWatch`` can be set up before anything is read.
      let task: URLSessionDataTask = session.uploadTask(withStreamedRequest: request)
    #else
      let task = session.dataTask(with: request)
    #endif
    let goesAhead = state.withLock { state -> Bool in
      if state.isEnded { return false }
      state.task = task
      return true
    }
    guard goesAhead else {
      // Never resumed: cancelling it is what takes it out of the session's registry.
      task.cancel()
      return
    }
    delegate.register(self, for: task)
    task.resume()
  }

  #if canImport(FoundationNetworking)
    /// The transfer's handle is configured and about to read: watch its head (see
    /// ``HeadWatch/watch(_:for:)``). Called by the delegate on the task's work queue.
    func transferStarts(_ task: URLSessionTask) {
      guard state.withLock({ !$0.isEnded && $0.watch == nil }), let watch = HeadWatch.watch(task, for: self) else {
        return
      }
      let isEnded = state.withLock { state in
        state.watch = watch
        return state.isEnded
      }
      if isEnded { HeadWatch.forget(watch) }
    }
  #endif

  #if canImport(FoundationNetworking)
    /// A line of the response head, from inside libcurl's read (see ``HeadWatch``): at the end
    /// of a redirect's head, answer with it and stop the transfer before its body.
    func readHead(_ line: UnsafeRawBufferPointer, transfer handle: UnsafeMutableRawPointer) {
      let event = state.withLock { state in state.isEnded ? .none : state.head.read(line) }
      switch event {
      case .none:
        return
      case .redirectStarted:
        // Its body is never read: nothing of it is inflated either.
        HeadWatch.skipDecompression(of: handle)
      case .redirectEnded(let status, let headers):
        TransferBrake.stop(handle: handle)
        if let url,
          let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: headers)
        {
          end(.success((Data(), response)))
        } else {
          end(.failure(URLError(.badServerResponse)))
        }
      }
    }
  #endif

  /// The head arrived: refuse it at once when its `Content-Length` is over the limit.
  func receive(_ response: URLResponse) -> URLSession.ResponseDisposition {
    let length = response.expectedContentLength
    if length > maxBytes {
      stopReading()
      end(.failure(HTTPResponseTooLargeError(limit: maxBytes, received: Int(length), announced: true)))
      return .cancel
    }
    state.withLock { state in
      state.response = response as? HTTPURLResponse
      // One buffer of the announced size (up to 4 MiB) instead of one regrown per piece: a
      // long paging run otherwise leaves the heap fragmented by every page's copies.
      if length > 0 { state.body.reserveCapacity(Int(min(length, 4 << 20))) }
    }
    return .allow
  }

  /// A piece of the body arrived (decompressed, if the server compressed it).
  func receive(_ data: Data) {
    let tooLarge = state.withLock { state -> Bool in
      guard !state.isEnded else { return false }
      state.received += data.count
      guard state.received <= maxBytes else { return true }
      state.body.append(data)
      return false
    }
    if tooLarge {
      stopReading()
      end(.failure(HTTPResponseTooLargeError(limit: maxBytes, received: maxBytes + 1, announced: false)))
    }
  }

  /// Stops libcurl reading the body at once, before ``end(_:)`` cancels the task.
  ///
  /// Called from the delegate, which runs inside libcurl's callback (``InlineOperationQueue``):
  /// the cancellation alone would reach libcurl only once the body ends, after it has read (and
  /// inflated) all of it.
  private func stopReading() {
    #if canImport(FoundationNetworking)
      if let task = state.withLock({ $0.task }) { TransferBrake.stop(task) }
    #endif
  }

  /// The task completed, with or without an error.
  func complete(error: (any Error)?) {
    let (continuation, result, deadline, watch) = state.withLock { state in
      defer {
        state.isEnded = true
        state.continuation = nil
        state.task = nil
        state.deadline = nil
        state.body = Data()
        state.watch = nil
      }
      let result: Result<(Data, HTTPURLResponse), any Error>
      if let error {
        result = .failure(error)
      } else if let response = state.response {
        result = .success((state.body, response))
      } else {
        result = .failure(URLError(.badServerResponse))
      }
      return (state.continuation, result, state.deadline, state.watch)
    }
    forget(watch)
    deadline?.cancel()
    continuation?.resume(with: result)
  }

  /// Ends the request early (cancelled, past its deadline or its size limit): the caller
  /// returns at once, and the `URLSessionTask` is cancelled a moment later.
  fileprivate func end(_ result: Result<(Data, HTTPURLResponse), any Error>) {
    let (continuation, task, deadline, watch) = state.withLock { state in
      defer {
        state.isEnded = true
        state.continuation = nil
        state.task = nil
        state.deadline = nil
        state.body = Data()
        state.watch = nil
      }
      return (state.continuation, state.task, state.deadline, state.watch)
    }
    forget(watch)
    deadline?.cancel()
    continuation?.resume(with: result)
    if let task {
      // Off the caller's thread: URLSessionTask.cancel() waits for the session's work queue.
      Self.sessionCalls.async { task.cancel() }
    }
  }

  private func forget(_ watch: Int?) {
    #if canImport(FoundationNetworking)
      if let watch { HeadWatch.forget(watch) }
    #endif
  }
}
