#if os(Linux)
  import Foundation
  import FoundationNetworking

  /// The ``HTTPClient`` on Linux: libcurl, driven directly through its documented C API.
  ///
  /// libcurl is loaded at run time from the `libcurl.so.4` FoundationNetworking itself needs, and
  /// every transfer of the process runs on one thread of this module's own, through libcurl's
  /// multi interface. That thread sleeps in `curl_multi_poll` while nothing arrives, so a request
  /// waiting on a silent server costs no CPU (FoundationNetworking's URLSession spun a core
  /// meanwhile), and the transport sees each line of a response head and each piece of its body
  /// as libcurl reads them, through callbacks of its own, without reaching into another
  /// library's private storage.
  ///
  /// Create one and share it; connections are kept alive between requests (up to six per host)
  /// whichever client sends them. It does not cache (the GitHub client does conditional requests
  /// itself), does not store cookies and does not follow redirects: a 301, 302, 303 or 305–308
  /// is returned as soon as its head has arrived, with an empty body, and its transfer stops
  /// there, so a redirect that carries a gzip bomb costs nothing.
  ///
  /// Every request has an overall deadline, ``timeout``: from sending to the last byte of the
  /// body, so a server that trickles one byte a second cannot keep it waiting. The body is
  /// limited while it arrives (``maxResponseBytes``): a `Content-Length` over the limit is
  /// refused at the end of the head, and a body without one (chunked, or a gzip body that
  /// inflates without end) is counted as libcurl decodes it and stopped as soon as it passes the
  /// limit, so memory and CPU stay bounded whatever the server sends.
  ///
  /// ```swift
  /// let http = CurlHTTPClient(timeout: .seconds(10))
  /// let response = try await http.send(.get(url: URL(string: "https://api.github.com/zen")!))
  /// print(response.statusCode, String(decoding: response.body, as: UTF8.self))
  /// ```
  ///
  /// Cancelling the calling task returns `CancellationError` at once; the transfer is removed
  /// from libcurl on its thread a moment later. When libcurl cannot be loaded, each request
  /// fails with ``CurlUnavailableError``, which names what is missing.
  public final class CurlHTTPClient: HTTPClient {
    /// The longest a request may take, from sending it to the last byte of its body.
    public let timeout: Duration
    /// The largest response body accepted; a larger one fails with ``HTTPResponseTooLargeError``.
    public let maxResponseBytes: Int

    private let loop: Result<CurlLoop, CurlUnavailableError>

    /// Creates a client over the process's libcurl loop.
    ///
    /// - Parameters:
    ///   - timeout: How long a whole request may take before it fails with
    ///     `URLError.timedOut`; 30 seconds by default.
    ///   - maxResponseBytes: The largest response body accepted; 32 MiB by default.
    public convenience init(timeout: Duration = .seconds(30), maxResponseBytes: Int = 32 << 20) {
      self.init(timeout: timeout, maxResponseBytes: maxResponseBytes, loop: CurlLoop.shared)
    }

    init(timeout: Duration, maxResponseBytes: Int, loop: Result<CurlLoop, CurlUnavailableError>) {
      self.timeout = timeout
      self.maxResponseBytes = maxResponseBytes
      self.loop = loop
    }

    /// Sends a request and returns the response, whatever its status.
    ///
    /// - Parameter request: The request, with an absolute `http` or `https` URL.
    /// - Returns: The response; a redirect is returned, not followed, with an empty body.
    /// - Throws: `CancellationError` when the task is cancelled; `URLError(.unsupportedURL)` when
    ///   the request has no absolute http(s) URL; `URLError(.timedOut)` when the whole response
    ///   has not arrived within ``timeout``; ``HTTPResponseTooLargeError`` when the body exceeds
    ///   ``maxResponseBytes`` (announced or received); ``CurlUnavailableError`` when libcurl
    ///   cannot be loaded; another `URLError` for a failed transfer, whose
    ///   `NSLocalizedDescriptionKey` carries libcurl's words for what the server did wrong.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      try await exchange(request).response
    }

    /// Sends a request, and says which of libcurl's callbacks ran for it.
    func exchange(_ request: HTTPRequest) async throws -> CurlTransfer.Outcome {
      guard let url = request.absoluteURL, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
      else {
        throw URLError(.unsupportedURL)
      }
      try Task.checkCancellation()
      let loop = try loop.get()
      let transfer = CurlTransfer(
        url: url, method: request.method, headers: request.headers, maxBytes: maxResponseBytes, timeout: timeout)
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          if transfer.wait(with: continuation) { loop.submit(transfer) }
        }
      } onCancel: {
        if transfer.end(.failure(CancellationError())) { loop.stop(transfer) }
      }
    }
  }
#endif
