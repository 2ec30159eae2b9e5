/// An HTTP request method.
///
/// The GitHub client only reads, so ``get`` is the one method there is: every request it
/// sends may be sent again with the same effect, which is what lets it retry.
///
/// ```swift
/// let request = HTTPRequest.get("/users/octocat")
/// request.method.rawValue   // "GET"
/// ```
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
  /// `GET`: read a resource.
  case get = "GET"
}
