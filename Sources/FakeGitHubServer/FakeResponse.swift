import Foundation

/// An HTTP response the fake server sends, or a way of misbehaving instead.
///
/// Script one with ``FakeGitHubServer/respond(to:with:times:)`` or return one from a handler
/// installed with ``FakeGitHubServer/setHandler(_:)``. The factories build the answers GitHub
/// really gives (error bodies, rate-limit headers, redirects), so client code can be tested
/// against the exact bytes it will meet in production.
///
/// The server always computes and sends `Content-Length` itself (a `Content-Length` or
/// `Transfer-Encoding` header given here is dropped), adds `Date`, and adds
/// `Connection: close` when it is about to close the connection. All other headers are sent
/// as given, in order, with their case kept. A response with status 204 or 304 is sent
/// without a body.
package struct FakeResponse: Sendable {
  /// The status code, e.g. `200`.
  package var status: Int

  /// The header fields, sent in this order with their names' case kept.
  package var headers: [(String, String)]

  /// The body bytes.
  package var body: Data

  /// How the server delivers (or fails to deliver) the response.
  package var behavior: Behavior

  /// How the server treats the connection when it answers with this response.
  ///
  /// Anything but ``normal`` ends the connection, so a client sees a transport error rather
  /// than an HTTP status.
  package enum Behavior: Sendable {
    /// Send the response and keep the connection alive (unless the client asked to close it).
    case normal
    /// Send the headers with the full `Content-Length`, then half the body, then close.
    case closeMidBody
    /// Read the request, then hold the connection open without answering until the client
    /// gives up or ``FakeGitHubServer/stop()`` is called.
    case neverRespond
    /// Hand the connection to a script that writes whatever bytes it likes (status, headers
    /// and body are ignored), then close it: for answers that are not HTTP, or that come too
    /// slowly or too large. The factories in `FakeResponse+Transport.swift` build the usual ones.
    case raw(@Sendable (RawConnection) -> Void)
  }

  /// Creates a response.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - headers: Header fields, sent as given.
  ///   - body: The body bytes.
  ///   - behavior: How to deliver it; ``Behavior/normal`` by default.
  package init(
    status: Int,
    headers: [(String, String)] = [],
    body: Data = Data(),
    behavior: Behavior = .normal
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.behavior = behavior
  }

  /// A JSON response with `Content-Type: application/json; charset=utf-8`.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - json: The body text, sent as UTF-8 exactly as given (it need not be valid JSON).
  ///   - headers: More header fields, sent after `Content-Type`.
  /// - Returns: The response.
  package static func json(_ status: Int, _ json: String, headers: [(String, String)] = []) -> FakeResponse {
    FakeResponse(
      status: status,
      headers: [("Content-Type", "application/json; charset=utf-8")] + headers,
      body: Data(json.utf8)
    )
  }

  /// An HTML response with `Content-Type: text/html; charset=utf-8`.
  ///
  /// Useful for what a proxy or load balancer returns in front of the API (an HTML 502 page,
  /// a captive portal) where a client expects JSON.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - html: The body text, sent as UTF-8.
  /// - Returns: The response.
  package static func html(_ status: Int, _ html: String) -> FakeResponse {
    FakeResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Data(html.utf8))
  }

  /// GitHub's 404: `{"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"}`.
  ///
  /// - Returns: The response.
  package static func notFound() -> FakeResponse {
    .gitHubJSON(404, GitHubJSON.notFoundBody)
  }

  /// GitHub's 401 for a wrong or revoked token:
  /// `{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest","status":"401"}`.
  ///
  /// - Returns: The response.
  package static func badCredentials() -> FakeResponse {
    .gitHubJSON(
      401, #"{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest","status":"401"}"#)
  }

  /// GitHub's primary rate-limit answer: 403 with `x-ratelimit-remaining: 0`.
  ///
  /// The body is the unauthenticated "API rate limit exceeded for 127.0.0.1. ..." message and
  /// the `x-ratelimit-*` headers describe an exhausted 60-request core quota.
  ///
  /// - Parameter resetAt: When the quota refills; sent as `x-ratelimit-reset` in epoch seconds.
  /// - Returns: The response.
  package static func primaryRateLimit(resetAt: Date) -> FakeResponse {
    .gitHubJSON(403, GitHubJSON.primaryRateLimitBody, headers: primaryRateLimitHeaders(resetAt: resetAt))
  }

  /// The same as ``primaryRateLimit(resetAt:)`` with status 429, which GitHub also uses.
  ///
  /// - Parameter resetAt: When the quota refills; sent as `x-ratelimit-reset` in epoch seconds.
  /// - Returns: The response.
  package static func primaryRateLimit429(resetAt: Date) -> FakeResponse {
    .gitHubJSON(429, GitHubJSON.primaryRateLimitBody, headers: primaryRateLimitHeaders(resetAt: resetAt))
  }

  /// GitHub's secondary (abuse) rate-limit answer: 403 with `Retry-After`.
  ///
  /// The `x-ratelimit-remaining` header is deliberately *not* 0, as with GitHub: a client must
  /// look at `Retry-After` and the message to tell this apart from an ordinary 403.
  ///
  /// - Parameter retryAfter: Seconds the client should wait, sent as `Retry-After`.
  /// - Returns: The response.
  package static func secondaryRateLimit(retryAfter: Int) -> FakeResponse {
    .gitHubJSON(
      403,
      GitHubJSON.secondaryRateLimitBody,
      headers: [
        ("Retry-After", String(retryAfter)),
        ("x-ratelimit-limit", "5000"),
        ("x-ratelimit-remaining", "4990"),
        ("x-ratelimit-used", "10"),
        ("x-ratelimit-resource", "core"),
      ]
    )
  }

  /// A server-side failure such as GitHub's occasional 502 or 503.
  ///
  /// The body is GitHub's `{"message":"Server Error"}`-style JSON for the status.
  ///
  /// - Parameter status: The status code; 502 by default.
  /// - Returns: The response.
  package static func serverError(_ status: Int = 502) -> FakeResponse {
    .gitHubJSON(status, GitHubJSON.serverErrorBody(status: status))
  }

  /// A 200 whose JSON body is cut off mid-object (with a correct `Content-Length`).
  ///
  /// The transfer succeeds; only decoding fails.
  ///
  /// - Returns: The response.
  package static func brokenJSON() -> FakeResponse {
    .gitHubJSON(200, GitHubJSON.brokenBody)
  }

  /// A redirect to `location`, with the JSON body GitHub sends for moved resources.
  ///
  /// - Parameters:
  ///   - status: 301, 302, 307 or 308; 301 by default.
  ///   - location: The `Location` header: an absolute URL, or a path on this server.
  /// - Returns: The response.
  package static func redirect(_ status: Int = 301, to location: String) -> FakeResponse {
    .gitHubJSON(status, GitHubJSON.redirectBody(status: status, location: location), headers: [("Location", location)])
  }

  private static func primaryRateLimitHeaders(resetAt: Date) -> [(String, String)] {
    [
      ("x-ratelimit-limit", "60"),
      ("x-ratelimit-remaining", "0"),
      ("x-ratelimit-reset", String(Int(resetAt.timeIntervalSince1970.rounded(.up)))),
      ("x-ratelimit-used", "60"),
      ("x-ratelimit-resource", "core"),
    ]
  }

  /// A JSON response carrying the media-type header every GitHub API answer has.
  static func gitHubJSON(_ status: Int, _ json: String, headers: [(String, String)] = []) -> FakeResponse {
    .json(status, json, headers: [("x-github-media-type", "github.v3; format=json")] + headers)
  }
}
