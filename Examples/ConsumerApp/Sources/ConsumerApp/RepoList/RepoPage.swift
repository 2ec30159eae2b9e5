/// One page of repositories, as ``RepoListService/repos(page:)`` returns it.
public struct RepoPage: Equatable, Sendable {
  /// The page's rows.
  public var repos: [Repo]
  /// The number of the page after this one; `nil` on the last page.
  public var nextPage: Int?

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - repos: The page's rows.
  ///   - nextPage: The number of the next page; `nil` on the last.
  public init(repos: [Repo], nextPage: Int?) {
    self.repos = repos
    self.nextPage = nextPage
  }
}
