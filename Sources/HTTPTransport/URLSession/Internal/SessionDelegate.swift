#if canImport(Darwin)
  import Foundation

  /// The one delegate of a ``URLSessionHTTPClient``'s session: refuses every redirect and hands
  /// each task's response, data and end to the ``InFlightRequest`` that sent it.
  ///
  /// Redirects reach the caller (the GitHub client follows them itself, deciding per hop whether
  /// the `Authorization` header may go to the new host; URLSession would forward it anywhere).
  /// Data arrives piece by piece, so a request stops keeping a body at its size limit instead of
  /// holding all of it first, as a completion handler would.
  final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let requests = LockedState([Int: InFlightRequest]())

    /// Routes the callbacks of `task` to `request` until the task completes.
    func register(_ request: InFlightRequest, for task: URLSessionTask) {
      requests.withLock { $0[task.taskIdentifier] = request }
    }

    private func request(for task: URLSessionTask) -> InFlightRequest? {
      requests.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
      _ session: URLSession,
      task: URLSessionTask,
      willPerformHTTPRedirection response: HTTPURLResponse,
      newRequest request: URLRequest,
      completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
      completionHandler(nil)
    }

    func urlSession(
      _ session: URLSession,
      dataTask: URLSessionDataTask,
      didReceive response: URLResponse,
      completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
      let disposition = request(for: dataTask)?.receive(response) ?? .cancel
      completionHandler(disposition)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      request(for: dataTask)?.receive(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
      let request = requests.withLock { $0.removeValue(forKey: task.taskIdentifier) }
      request?.complete(error: error)
    }
  }
#endif
