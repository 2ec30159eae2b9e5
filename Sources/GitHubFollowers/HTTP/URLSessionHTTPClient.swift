import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An ``HTTPClient`` backed by one long-lived `URLSession`.
///
/// Create one and share it: the session keeps connections alive between requests (up to six
/// per host). It does not cache (``GitHubClient`` does conditional requests itself), does not
/// store cookies and does not follow redirects.
///
/// ```swift
/// let http = URLSessionHTTPClient(timeout: .seconds(10))
/// let response = try await http.send(.get(url: URL(string: "https://api.github.com/zen")!))
/// print(response.statusCode, String(decoding: response.body, as: UTF8.self))
/// ```
///
/// > Important: On Linux, URLSession truncates a timeout to whole seconds; this client rounds
/// > ``timeout`` up to the next whole second (at least one).
///
/// Cancelling the calling task returns `CancellationError` at once. The `URLSessionTask` is
/// cancelled a moment later, off the canceller's thread: calling it from the cancellation
/// handler, as `URLSession.data(for:)` does, can deadlock on Linux when many requests are
/// cancelled while they finish (swift-corelibs-foundation issue #5412).
public final class URLSessionHTTPClient: HTTPClient {
  /// The longest time to wait for the server to send anything, per request.
  public let timeout: Duration
  /// The largest response body accepted; a larger one fails with ``HTTPResponseTooLargeError``.
  public let maxResponseBytes: Int

  private let session: URLSession

  /// Creates a client with its own session.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for the server before failing with `URLError.timedOut`;
  ///     rounded up to whole seconds, at least one.
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
    self.session = URLSession(configuration: configuration, delegate: NoRedirectDelegate(), delegateQueue: nil)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// Sends a request and returns the response, whatever its status.
  ///
  /// - Parameter request: The request, with an absolute `http` or `https` URL.
  /// - Returns: The response; a 3xx is returned, not followed.
  /// - Throws: `CancellationError` when the task is cancelled (also when URLSession reports
  ///   `URLError.cancelled`); `URLError(.unsupportedURL)` when the request has no absolute
  ///   http(s) URL; ``HTTPResponseTooLargeError`` when the body exceeds ``maxResponseBytes``;
  ///   any other `URLError` from URLSession.
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
    let response: URLResponse
    do {
      (data, response) = try await InFlightRequest.data(for: urlRequest, in: session)
    } catch let error as URLError where error.code == .cancelled {
      throw CancellationError()
    }
    guard let http = response as? HTTPURLResponse else {
      throw URLError(.badServerResponse)
    }
    guard data.count <= maxResponseBytes else {
      throw HTTPResponseTooLargeError(limit: maxResponseBytes, received: data.count)
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
