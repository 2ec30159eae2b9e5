/// How the members of a ``BaseViewModel/dispatchGroup(_:)`` ended, in the order they were given.
public struct DispatchGroupResult<ActionId: ActionIdType>: Sendable, Hashable {
  /// The actions whose work returned.
  public var succeeded: [ActionId]
  /// The actions whose work threw; ``BaseViewModel/errorMessage(for:)`` has each error.
  public var failed: [ActionId]
  /// The actions that were cancelled, superseded or dropped.
  public var cancelled: [ActionId]

  /// Creates a result.
  ///
  /// - Parameters:
  ///   - succeeded: The actions whose work returned.
  ///   - failed: The actions whose work threw.
  ///   - cancelled: The actions that were cancelled, superseded or dropped.
  public init(succeeded: [ActionId] = [], failed: [ActionId] = [], cancelled: [ActionId] = []) {
    self.succeeded = succeeded
    self.failed = failed
    self.cancelled = cancelled
  }

  /// Whether every member succeeded.
  public var allSucceeded: Bool {
    failed.isEmpty && cancelled.isEmpty
  }
}
