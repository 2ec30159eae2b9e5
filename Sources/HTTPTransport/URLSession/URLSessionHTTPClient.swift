#if canImport(Darwin)
  import Foundation

  /// An ``HTTPClient`` backed by one long-lived `URLSession`: the ``DefaultHTTPClient`` on Apple
  /// platforms (on Linux it is ``CurlHTTPClient``).
  ///
  /// Create one and share it: the session keeps connections alive between requests (up to six
  /// per host). It does not cache (the GitHub client does conditional requests itself), does not
  /// store cookies and does not follow redirects: a 3xx is returned to the caller, which decides
  /// whether to follow it.
  ///
  /// Every request has an overall deadline, ``timeout``: from sending to the last byte of the
  /// body, so a server that trickles one byte a second cannot keep it waiting. The body is
  /// limited while it arrives (``maxResponseBytes``): a `Content-Length` over the limit is
  /// refused at once, and a body without one (chunked, or a gzip body that inflates without end)
  /// is dropped as soon as it passes the limit, so memory stays bounded whatever the server sends.
  ///
  /// ```swift
  /// let http = URLSessionHTTPClient(timeout: .seconds(10))
  /// let response = try await http.send(.get(url: URL(string: "https://api.github.com/zen")!))
  /// print(response.statusCode, String(decoding: response.body, as: UTF8.self))
  /// ```
  ///
  /// Cancelling the calling task returns `CancellationError` at once. The `URLSessionTask` is
  /// cancelled a moment later, off the canceller's thread.
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
      self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
      session.finishTasksAndInvalidate()
    }

    /// Sends a request and returns the response, whatever its status.
    ///
    /// - Parameter request: The request, with an absolute `http` or `https` URL.
    /// - Returns: The response; a redirect is returned, not followed.
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
#endif
