import Foundation

/// A response body was larger than ``URLSessionHTTPClient/maxResponseBytes``.
///
/// A page of 100 followers is about 100 KB; a body many times larger is not a page of
/// followers (a misconfigured proxy, the wrong `--api-url`), and decoding it would only
/// waste memory.
public struct HTTPResponseTooLargeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The limit that was exceeded, in bytes.
  public var limit: Int
  /// The size of the body received, in bytes.
  public var received: Int

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - limit: The limit that was exceeded, in bytes.
  ///   - received: The size of the body received, in bytes.
  public init(limit: Int, received: Int) {
    self.limit = limit
    self.received = received
  }

  /// A message that says what happened.
  public var description: String {
    "the response was \(Self.format(received)), more than the \(Self.format(limit)) limit"
  }

  private static func format(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 20 { return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) }
    if bytes >= 1 << 10 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }
}
