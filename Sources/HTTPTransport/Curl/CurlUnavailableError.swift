/// The libcurl transport cannot run: libcurl could not be loaded, lacks a function the transport
/// needs, or could not be set up.
///
/// Thrown by the first request of a ``CurlHTTPClient`` (Linux), never at creation: a program
/// that builds a client and never sends anything does not need libcurl. The message names the
/// library and what is missing.
///
/// ```swift
/// do {
///   _ = try await CurlHTTPClient().send(.get(url: URL(string: "https://api.github.com/zen")!))
/// } catch let error as CurlUnavailableError {
///   print(error)   // libcurl could not be loaded (libcurl.so.4: cannot open shared object file ...); ...
/// }
/// ```
public struct CurlUnavailableError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is missing, and what to install.
  public var message: String

  /// Creates the error.
  ///
  /// - Parameter message: What is missing, and what to install.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
