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

  /// The limit of every waiting helper that is not given one: 30 seconds of real time.
  ///
  /// Long enough that a test on a busy two-core CI runner never trips it while its work
  /// progresses (the view model waits count it without progress), short enough that a broken
  /// build fails in seconds rather than hang CI. A test of the limit itself passes a small one.
  public static let defaultLimit: Duration = .seconds(30)

  /// A message that says what happened and what to check.
  public var description: String {
    "Waited for \(awaited), and nothing happened for \(limit). Check that the action was dispatched and that its work returns."
  }
}
