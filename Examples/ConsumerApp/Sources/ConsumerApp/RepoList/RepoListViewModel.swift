import ActionDispatch
import Observation

/// A paged list written by hand: the first page, a refresh, the next page, and a star that
/// shows at once and is rolled back if the request fails.
///
/// ```swift
/// let viewModel = RepoListViewModel(service: service)
/// await viewModel.load().value          // page 1
/// await viewModel.loadNextPage().value  // page 2, appended
/// viewModel.toggleStar(viewModel.repos[0].id)
/// ```
///
/// `action-dispatch scaffold action` writes the tests of each of its actions as they are
/// (`scripts/prove-scaffold`): `load`, `refresh` and `loadNextPage` with no edit, and the
/// optimistic `toggleStar` with its two changes filled in.
@MainActor
@Observable
public final class RepoListViewModel: BaseViewModel<RepoListAction> {
  /// The rows loaded so far, in page order.
  public private(set) var repos: [Repo] = []
  /// The page ``loadNextPage()`` loads; `nil` before the first page and after the last.
  public private(set) var nextPage: Int?

  private let service: any RepoListService

  /// Creates the view model.
  ///
  /// - Parameter service: Where the repositories come from; a mock in tests.
  public init(service: any RepoListService) {
    self.service = service
    super.init()
  }

  /// Loads the first page; a second tap while it loads is dropped.
  ///
  /// - Returns: The run's task; await it to wait for the whole run.
  @discardableResult
  public func load() -> Task<Void, Never> {
    dispatch(
      actionId: .load, policy: .ignoreWhileRunning,
      task: { [service] in try await service.repos(page: 1) }
    ) { viewModel, page in
      viewModel.show(firstPage: page)
    }
  }

  /// Loads the first page again and replaces the list; a next page in flight is superseded, so
  /// it cannot append to the new list.
  ///
  /// - Returns: The run's task; await it to wait for the whole run.
  @discardableResult
  public func refresh() -> Task<Void, Never> {
    dispatch(
      actionId: .refresh, policy: .cancelPrevious, supersedes: [.loadNextPage],
      task: { [service] in try await service.repos(page: 1) }
    ) { viewModel, page in
      viewModel.show(firstPage: page)
    }
  }

  /// Appends the next page; without one (before the first page, after the last) it is dropped.
  ///
  /// A row already listed is not listed twice: when rows are added on the server while the
  /// user pages, a row moves to the next page.
  ///
  /// - Returns: The run's task; await it to wait for the whole run.
  @discardableResult
  public func loadNextPage() -> Task<Void, Never> {
    guard let page = nextPage else { return drop(.loadNextPage) }
    return dispatch(
      actionId: .loadNextPage, policy: .ignoreWhileRunning,
      task: { [service] in try await service.repos(page: page) }
    ) { viewModel, next in
      let listed = Set(viewModel.repos.map(\.id))
      viewModel.repos += next.repos.filter { !listed.contains($0.id) }
      viewModel.nextPage = next.nextPage
    }
  }

  /// Stars or unstars a row: the star shows at once, and goes back if the request fails or is
  /// cancelled; a row that is not listed is dropped, and so is a second tap while one runs.
  ///
  /// - Parameter id: The repository's id.
  /// - Returns: The run's task; await it to wait for the whole run.
  @discardableResult
  public func toggleStar(_ id: Int) -> Task<Void, Never> {
    guard let repo = repos.first(where: { $0.id == id }) else { return drop(.toggleStar(id)) }
    let starred = !repo.isStarred
    return dispatch(
      actionId: .toggleStar(id), policy: .ignoreWhileRunning,
      optimistic: { viewModel in
        viewModel.setStar(starred, of: id)
        return { viewModel in viewModel.setStar(!starred, of: id) }
      },
      task: { [service] in try await service.setStarred(starred, repo: id) })
  }

  private func show(firstPage page: RepoPage) {
    repos = page.repos
    nextPage = page.nextPage
  }

  private func setStar(_ starred: Bool, of id: Int) {
    guard let index = repos.firstIndex(where: { $0.id == id }) else { return }
    repos[index].isStarred = starred
  }
}
