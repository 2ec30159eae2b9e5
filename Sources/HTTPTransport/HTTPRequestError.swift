/// A request whose URL cannot be built.
///
/// Thrown by ``HTTPRequest/url(relativeTo:)`` when the base URL has no scheme or host, when a
/// path segment is `.` or `..` (it would step out of the base path, e.g. out of `/api/v3`), or
/// when the parts do not form a valid URL.
///
/// ```swift
/// do {
///   _ = try HTTPRequest.get("/users/../admin").url(relativeTo: URL(string: "https://api.github.com")!)
/// } catch let error as HTTPRequestError {
///   print(error)   // The request path "/users/../admin" contains the segment "..", ...
/// }
/// ```
public struct HTTPRequestError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong with the request, in a sentence that says what to do.
  public var message: String

  /// Creates an error with a message.
  ///
  /// - Parameter message: What is wrong, and what to do about it.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
