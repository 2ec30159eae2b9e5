import Foundation

/// A response body was larger than the HTTP client's `maxResponseBytes` (32 MiB by default).
///
/// Raised while the response arrives, never after: a `Content-Length` over the limit is
/// refused as soon as the head arrives (``announced`` is `true`), and a body without one is
/// dropped once it passes the limit (``announced`` is `false`).
///
/// A page of 100 followers is about 100 KB; a body many times larger is not a page of
/// followers (a misconfigured proxy, the wrong `--api-url`), and decoding it would only
/// waste memory.
public struct HTTPResponseTooLargeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The limit that was exceeded, in bytes.
  public var limit: Int
  /// The size of the body: its `Content-Length` when ``announced``, else the bytes received
  /// when reading stopped.
  public var received: Int
  /// Whether the server announced the size (`Content-Length`) and nothing was read.
  public var announced: Bool

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - limit: The limit that was exceeded, in bytes.
  ///   - received: The size of the body: announced, or received when reading stopped.
  ///   - announced: Whether `received` is the announced `Content-Length`.
  public init(limit: Int, received: Int, announced: Bool = true) {
    self.limit = limit
    self.received = received
    self.announced = announced
  }

  /// A message that says what happened.
  public var description: String {
    if announced {
      return "the response was \(Self.format(received)), more than the \(Self.format(limit)) limit"
    }
    return "the response was more than the \(Self.format(limit)) limit, so reading stopped there"
  }

  private static func format(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 20 { return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) }
    if bytes >= 1 << 10 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }
}
