import ActionDispatch

/// The actions of ``RepoListViewModel``.
public enum RepoListAction: ActionIdType {
  /// The first page.
  case load
  /// The first page again, replacing the list (pull to refresh).
  case refresh
  /// The page after the last one loaded, appended.
  case loadNextPage
  /// Per row: star or unstar one repository.
  case toggleStar(Int)
}
