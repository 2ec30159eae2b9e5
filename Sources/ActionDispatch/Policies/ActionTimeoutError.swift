/// The error a run ends with when its work outlasts the `timeout` given to `dispatch`.
///
/// The work is cancelled when the timeout fires; the run then fails with this error,
/// which `errorMessage(for:)` shows as its description.
public struct ActionTimeoutError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The timeout that was exceeded.
  public var timeout: Duration

  /// A message that says what happened and what to do.
  public var description: String {
    "The action did not finish within \(timeout). Check your connection and try again."
  }

  /// Creates the error for the given timeout.
  ///
  /// - Parameter timeout: The timeout that was exceeded.
  public init(timeout: Duration) {
    self.timeout = timeout
  }
}
