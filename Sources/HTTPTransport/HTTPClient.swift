/// Something that sends an HTTP request and returns the whole response.
///
/// The GitHub client talks to the network only through this protocol, so tests replace the
/// network with a stub, and apps can add logging or a proxy. `DefaultHTTPClient` is the
/// implementation for production: `CurlHTTPClient` (libcurl, driven directly) on Linux,
/// `URLSessionHTTPClient` on Apple platforms.
///
/// ```swift
/// struct RecordingClient: HTTPClient {
///   let base: any HTTPClient
///   func send(_ request: HTTPRequest) async throws -> HTTPResponse {
///     print(request.method.rawValue, request.absoluteURL?.absoluteString ?? "?")
///     return try await base.send(request)
///   }
/// }
/// let github = GitHubClient(httpClient: RecordingClient(base: DefaultHTTPClient()))
/// ```
///
/// > Important: A request arrives with an absolute URL (``HTTPRequest/absoluteURL``): the
/// > GitHub client resolves paths against its base URL before it calls ``send(_:)``.
public protocol HTTPClient: Sendable {
  /// Sends a request and returns the response, whatever its status.
  ///
  /// A 404 or 500 is a response, not an error. Implementations do not follow redirects: a
  /// 3xx is returned, so that the caller decides whether credentials go to the new location.
  ///
  /// - Parameter request: The request, with an absolute URL.
  /// - Returns: The response.
  /// - Throws: `CancellationError` when the task is cancelled; `URLError` (such as
  ///   `.timedOut` or `.cannotConnectToHost`) when no response arrives.
  func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
