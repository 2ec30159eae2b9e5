/// An issue of a repository, as an issue-inbox app names it: the name Swift Testing also uses,
/// which a test file that imports ActionDispatchTesting can still use unqualified.
public struct Issue: Identifiable, Equatable, Sendable {
  /// The issue's number.
  public let id: Int
  /// Its title.
  public var title: String
  /// Its labels.
  public var tags: [Tag]

  /// Creates an issue.
  public init(id: Int, title: String, tags: [Tag] = []) {
    self.id = id
    self.title = title
    self.tags = tags
  }
}
