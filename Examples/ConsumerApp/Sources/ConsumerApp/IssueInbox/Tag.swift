/// A label on an ``Issue``: another name Swift Testing uses.
public struct Tag: Hashable, Sendable {
  /// The label's name.
  public let name: String

  /// Creates a label.
  public init(_ name: String) {
    self.name = name
  }
}
