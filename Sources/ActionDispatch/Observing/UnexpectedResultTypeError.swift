/// A typed `succeeded` (or `element`) handler of an ``On`` expected a different type than the run delivered.
///
/// This is a programming error in the client: the handler's type does not match what the
/// view model's action returns. It is reported loudly rather than silently skipping the
/// handler. A `succeeded` mismatch is written to standard error and goes to the same `On`'s
/// `failed` handlers, as that run's end. An `element` mismatch is written to standard error,
/// once per element: the run is still going, and its `failed` handlers are kept for its one end.
public struct UnexpectedResultTypeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The action, as text.
  public var actionId: String
  /// The type the handler expected.
  public var expected: String
  /// The type the run delivered.
  public var actual: String
  /// The handler: `succeeded`, or `element` for an element of a streaming run.
  public var phase: String

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - actionId: The action, as text.
  ///   - expected: The type the handler expected.
  ///   - actual: The type the run delivered.
  ///   - phase: The handler: `succeeded` (the default), or `element`.
  public init(actionId: String, expected: String, actual: String, phase: String = "succeeded") {
    self.actionId = actionId
    self.expected = expected
    self.actual = actual
    self.phase = phase
  }

  /// A message that says what happened and what to do.
  public var description: String {
    "On(.\(actionId)).\(phase) expects \(expected), but the action delivered \(actual). "
      + "Change the handler's type to \(actual)."
  }
}
