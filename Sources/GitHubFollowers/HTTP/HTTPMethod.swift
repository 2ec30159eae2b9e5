/// An HTTP request method.
///
/// The GitHub client only reads, so it sends ``get`` (and ``head`` for probes); the other
/// methods exist so that an ``HTTPClient`` implementation can be reused for writes.
///
/// ```swift
/// var request = HTTPRequest.get("/rate_limit")
/// request.method = .head
/// ```
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
  /// `GET`: read a resource. The only method the GitHub client retries.
  case get = "GET"
  /// `HEAD`: read a resource's headers only.
  case head = "HEAD"
  /// `POST`: create a resource.
  case post = "POST"
  /// `PUT`: replace a resource.
  case put = "PUT"
  /// `PATCH`: change part of a resource.
  case patch = "PATCH"
  /// `DELETE`: remove a resource.
  case delete = "DELETE"

  /// Whether a request with this method may be sent twice with the same effect, and so retried.
  public var isIdempotent: Bool {
    switch self {
    case .get, .head, .put, .delete: true
    case .post, .patch: false
    }
  }
}
