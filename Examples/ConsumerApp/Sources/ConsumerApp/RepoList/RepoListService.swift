/// What ``RepoListViewModel`` needs from the network.
public protocol RepoListService: Sendable {
  /// One page of the user's repositories, numbered from 1.
  func repos(page: Int) async throws -> RepoPage
  /// Stars or unstars a repository.
  func setStarred(_ starred: Bool, repo id: Int) async throws
}
