/// A wait helper gave up: the condition did not hold, and nothing happened for its time limit.
///
/// The helpers throw it rather than failing a test themselves, so they work under Swift
/// Testing and XCTest alike; the description says what was awaited.
public struct WaitTimeoutError: Error, Sendable, CustomStringConvertible {
  /// What was awaited.
  public var awaited: String
  /// How long the helper waited without a lifecycle event of the view model.
  public var limit: Duration

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - awaited: What was awaited.
  ///   - limit: How long the helper waited without a lifecycle event.
  public init(awaited: String, limit: Duration) {
    self.awaited = awaited
    self.limit = limit
  }

  /// A message that says what happened and what to check.
  public var description: String {
    "Waited for \(awaited), and nothing happened for \(limit). Check that the action was dispatched and that its work returns."
  }
}
