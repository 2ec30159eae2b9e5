/// An HTTP request method.
///
/// The GitHub client reads with ``get``; ``put`` and ``delete`` change whom the signed-in user
/// follows (`PUT`/`DELETE /user/following/{username}`). All three may be sent again with the
/// same effect, which is what lets the client retry them.
///
/// ```swift
/// let request = HTTPRequest.get("/users/octocat")
/// request.method.rawValue   // "GET"
/// ```
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
  /// `GET`: read a resource.
  case get = "GET"
  /// `PUT`: create or replace a resource, such as following a user.
  case put = "PUT"
  /// `DELETE`: remove a resource, such as no longer following a user.
  case delete = "DELETE"
}
