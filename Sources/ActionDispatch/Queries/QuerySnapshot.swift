/// One key of a ``QueryCache`` as its devtools show it: its status, its watchers, its age and
/// how long until it is forgotten.
public struct QuerySnapshot: Sendable, Equatable, CustomStringConvertible {
  /// The key's path, outermost first.
  public let components: [String]
  /// What its value is now.
  public let status: QueryStatus
  /// How many view models watch it (one per action that dispatched it).
  public let watchers: Int
  /// How long ago its value was fetched or set; `nil` when it has none.
  public let age: Duration?
  /// How long until it is forgotten; `nil` while it is watched.
  public let forgottenIn: Duration?

  /// Creates a summary.
  ///
  /// - Parameters:
  ///   - components: The key's path.
  ///   - status: What its value is now.
  ///   - watchers: How many view models watch it.
  ///   - age: How long ago its value was set, if it has one.
  ///   - forgottenIn: How long until it is forgotten, unless it is watched.
  public init(components: [String], status: QueryStatus, watchers: Int, age: Duration?, forgottenIn: Duration?) {
    self.components = components
    self.status = status
    self.watchers = watchers
    self.age = age
    self.forgottenIn = forgottenIn
  }

  /// The key's path, components joined by `/`.
  public var description: String { components.joined(separator: "/") }
}
