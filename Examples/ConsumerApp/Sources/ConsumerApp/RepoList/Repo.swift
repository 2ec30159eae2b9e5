/// One row of ``RepoListViewModel``: a repository and whether the user starred it.
public struct Repo: Equatable, Identifiable, Sendable {
  /// The repository's id, which ``RepoListViewModel/toggleStar(_:)`` names.
  public let id: Int
  /// The repository's name.
  public var name: String
  /// Whether the user starred it.
  public var isStarred: Bool

  /// Creates a row.
  ///
  /// - Parameters:
  ///   - id: The repository's id.
  ///   - name: Its name.
  ///   - isStarred: Whether the user starred it; `false` by default.
  public init(id: Int, name: String, isStarred: Bool = false) {
    self.id = id
    self.name = name
    self.isStarred = isStarred
  }
}
