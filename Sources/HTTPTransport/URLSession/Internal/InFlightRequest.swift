#if canImport(Darwin)
  import Dispatch
  import Foundation

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
  /// - **Cancellation.** `URLSession.data(for:)` on Linux cancelled its `URLSessionTask` from the
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

      /// Ends the request's state, once it completed or was ended early: nothing more is
      /// received, and what it held is released.
      mutating func end() {
        isEnded = true
        continuation = nil
        task = nil
        deadline = nil
        body = Data()
      }
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
      let task = session.dataTask(with: request)
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

    /// The head arrived: refuse it at once when its `Content-Length` is over the limit.
    func receive(_ response: URLResponse) -> URLSession.ResponseDisposition {
      let length = response.expectedContentLength
      if length > maxBytes {
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
        end(.failure(HTTPResponseTooLargeError(limit: maxBytes, received: maxBytes + 1, announced: false)))
      }
    }

    /// The task completed, with or without an error.
    func complete(error: (any Error)?) {
      let (continuation, result, deadline) = state.withLock { state in
        defer { state.end() }
        let result: Result<(Data, HTTPURLResponse), any Error>
        if let error {
          result = .failure(error)
        } else if let response = state.response {
          result = .success((state.body, response))
        } else {
          result = .failure(URLError(.badServerResponse))
        }
        return (state.continuation, result, state.deadline)
      }
      deadline?.cancel()
      continuation?.resume(with: result)
    }

    /// Ends the request early (cancelled, past its deadline or its size limit): the caller
    /// returns at once, and the `URLSessionTask` is cancelled a moment later.
    fileprivate func end(_ result: Result<(Data, HTTPURLResponse), any Error>) {
      let (continuation, task, deadline) = state.withLock { state in
        defer { state.end() }
        return (state.continuation, state.task, state.deadline)
      }
      deadline?.cancel()
      continuation?.resume(with: result)
      if let task {
        // Off the caller's thread: URLSessionTask.cancel() waits for the session's work queue.
        Self.sessionCalls.async { task.cancel() }
      }
    }
  }
#endif
