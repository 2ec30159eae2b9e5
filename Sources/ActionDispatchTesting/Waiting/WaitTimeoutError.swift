/// A wait helper gave up: the condition did not hold within its time limit.
///
/// The helpers throw it rather than failing a test themselves, so they work under Swift
/// Testing and XCTest alike; the description says what was awaited.
public struct WaitTimeoutError: Error, Sendable, CustomStringConvertible {
  /// What was awaited.
  public var awaited: String
  /// How long the helper waited.
  public var limit: Duration

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - awaited: What was awaited.
  ///   - limit: How long the helper waited.
  public init(awaited: String, limit: Duration) {
    self.awaited = awaited
    self.limit = limit
  }

  /// A message that says what happened and what to check.
  public var description: String {
    "Waited \(limit) for \(awaited), and it did not happen. Check that the action was dispatched and that its work returns."
  }
}
