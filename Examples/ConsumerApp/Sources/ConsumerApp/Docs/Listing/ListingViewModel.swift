import ActionDispatch
import Observation

/// The actions of ``ListingViewModel``: each one's result is a listing of the current filter.
enum ListingAction: ActionIdType {
  case refresh
  case load
  case loadMore
}

/// The view model of "Choosing a policy" whose actions supersede one another: a new filter makes
/// the refresh, the first page and the next page in flight stale.
@MainActor
@Observable
final class ListingViewModel: BaseViewModel<ListingAction> {
  private(set) var items: [String] = []
  private(set) var filter = ""
  private var page = 1
  private let service: any ListingService

  // snippet: loadable
  /// What the list shows: the items once any of its three actions has filled them (an empty
  /// list is then "no items", not "not loaded yet"), a spinner while any of them runs, and the
  /// error of the one that failed last.
  var itemsState: Loadable<[String]> { loadable(\.items, of: .load, .refresh, .loadMore) }
  // end snippet: loadable

  init(service: any ListingService) {
    self.service = service
    super.init()
  }

  // snippet: supersedes
  /// The actions that list items: each one's dispatch supersedes the others' runs.
  static let listing: [ListingAction] = [.refresh, .load, .loadMore]

  @discardableResult
  func apply(filter: String) -> Task<Void, Never> {
    self.filter = filter
    return load(as: .load)
  }

  @discardableResult
  func refresh() -> Task<Void, Never> {
    load(as: .refresh)
  }

  /// The first page of the current filter, as `.load` or `.refresh`: either supersedes the rest.
  private func load(as action: ListingAction) -> Task<Void, Never> {
    let filter = self.filter
    return dispatch(
      actionId: action, policy: .cancelPrevious, supersedes: Self.listing,
      task: { [service] in try await service.items(matching: filter, page: 1) }
    ) { viewModel, items in
      viewModel.items = items
      viewModel.page = 1
    }
  }

  @discardableResult
  func loadMore() -> Task<Void, Never> {
    let (filter, next) = (self.filter, page + 1)
    return dispatch(
      actionId: .loadMore, policy: .ignoreWhileRunning,
      task: { [service] in try await service.items(matching: filter, page: next) }
    ) { viewModel, items in
      viewModel.items += items
      viewModel.page = next
    }
  }
  // end snippet: supersedes
}
