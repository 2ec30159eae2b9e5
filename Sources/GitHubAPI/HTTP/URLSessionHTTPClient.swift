import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An ``HTTPClient`` backed by one long-lived `URLSession`.
///
/// Create one and share it: the session keeps connections alive between requests (up to six
/// per host). It does not cache (``GitHubClient`` does conditional requests itself), does not
/// store cookies and does not follow redirects: a 301, 302, 303 or 305–308 is returned as soon as
/// its head has arrived, with an empty body, and its transfer stops there (on Linux, where
/// FoundationNetworking would otherwise read and inflate the whole body first), so a redirect
/// that carries a gzip bomb costs nothing.
///
/// Every request has an overall deadline, ``timeout``: from sending to the last byte of the
/// body, so a server that trickles one byte a second cannot keep it waiting. The body is
/// limited while it arrives (``maxResponseBytes``): a `Content-Length` over the limit is
/// refused at once, and a body without one (chunked, or a gzip body that inflates without end)
/// is dropped as soon as it passes the limit, so memory stays bounded whatever the server sends.
/// On Linux the transfer itself stops there too: the session's delegate runs inside libcurl's
/// callback, where it pauses the transfer before cancelling it, so a gzip bomb is not inflated
/// on in the background.
///
/// ```swift
/// let http = URLSessionHTTPClient(timeout: .seconds(10))
/// let response = try await http.send(.get(url: URL(string: "https://api.github.com/zen")!))
/// print(response.statusCode, String(decoding: response.body, as: UTF8.self))
/// ```
///
/// > Important: On Linux, FoundationNetworking spins a core while a request waits for a silent
/// > server (a write-readiness source that libcurl no longer asked for stays armed on the
/// > connected socket). The deadline bounds how long that lasts; README, "Performance", has the
/// > measurement.
///
/// Cancelling the calling task returns `CancellationError` at once. The `URLSessionTask` is
/// cancelled a moment later, off the canceller's thread: calling it from the cancellation
/// handler, as `URLSession.data(for:)` does, can deadlock on Linux when many requests are
/// cancelled while they finish (swift-corelibs-foundation issue #5412).
public final class URLSessionHTTPClient: HTTPClient {
  /// The longest a request may take, from sending it to the last byte of its body.
  public let timeout: Duration
  /// The largest response body accepted; a larger one fails with ``HTTPResponseTooLargeError``.
  public let maxResponseBytes: Int

  private let session: URLSession
  private let delegate = SessionDelegate()

  /// Creates a client with its own session.
  ///
  /// - Parameters:
  ///   - timeout: How long a whole request may take before it fails with
  ///     `URLError.timedOut`; 30 seconds by default.
  ///   - maxResponseBytes: The largest response body accepted; 32 MiB by default.
  public init(timeout: Duration = .seconds(30), maxResponseBytes: Int = 32 << 20) {
    self.timeout = timeout
    self.maxResponseBytes = maxResponseBytes
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.timeoutIntervalForRequest = Self.wholeSeconds(timeout)
    #if canImport(FoundationNetworking)
      // Inline, so that a refused body stops at once: see InlineOperationQueue.
      let delegateQueue: OperationQueue? = InlineOperationQueue()
    #else
      let delegateQueue: OperationQueue? = nil
    #endif
    self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: delegateQueue)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// Sends a request and returns the response, whatever its status.
  ///
  /// - Parameter request: The request, with an absolute `http` or `https` URL.
  /// - Returns: The response; a redirect is returned, not followed, with an empty body.
  /// - Throws: `CancellationError` when the task is cancelled (also when URLSession reports
  ///   `URLError.cancelled`); `URLError(.unsupportedURL)` when the request has no absolute
  ///   http(s) URL; `URLError(.timedOut)` when the whole response has not arrived within
  ///   ``timeout``; ``HTTPResponseTooLargeError`` when the body exceeds ``maxResponseBytes``
  ///   (announced or received); any other `URLError` from URLSession, whose
  ///   `NSLocalizedDescriptionKey` carries libcurl's words for what the server did wrong.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let url = request.absoluteURL, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else {
      throw URLError(.unsupportedURL)
    }
    try Task.checkCancellation()
    var urlRequest = URLRequest(
      url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.wholeSeconds(timeout))
    urlRequest.httpMethod = request.method.rawValue
    for (name, value) in request.headers {
      urlRequest.setValue(value, forHTTPHeaderField: name)
    }
    let data: Data
    let http: HTTPURLResponse
    do {
      (data, http) = try await InFlightRequest.response(
        for: urlRequest, in: session, delegate: delegate, maxBytes: maxResponseBytes, timeout: timeout)
    } catch let error as URLError where error.code == .cancelled {
      throw CancellationError()
    }
    var headers: [String: String] = [:]
    for (key, value) in http.allHeaderFields {
      headers[String(describing: key)] = String(describing: value)
    }
    return HTTPResponse(statusCode: http.statusCode, headers: headers, body: data, url: http.url ?? url)
  }

  static func wholeSeconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    let rounded = seconds + (attoseconds > 0 ? 1 : 0)
    return TimeInterval(max(1, rounded))
  }
}
