import ActionDispatch
import Observation

/// The actions of ``SearchViewModel``. `search` is bare: the query goes to the work, not into
/// the action, so that each keystroke's dispatch supersedes the last (see "Choosing a policy").
enum SearchAction: ActionIdType {
  case search
  case submit
  case saveScrollPosition
}

/// The search screen of "Choosing a policy" and "Testing a view model": search as you type,
/// a submit that a double tap sends once, and a throttled scroll position.
@MainActor
@Observable
final class SearchViewModel: BaseViewModel<SearchAction> {
  private(set) var results: [String] = []
  private let service: any SearchService

  init(service: any SearchService, clock: any Clock<Duration> = ContinuousClock()) {
    self.service = service
    super.init(clock: clock)
  }

  // snippet: search
  @discardableResult
  func search(_ query: String) -> Task<Void, Never> {
    dispatch(
      actionId: .search, policy: .debounce(.milliseconds(300)),
      task: { [service] in
        try await service.search(query)
      }
    ) { viewModel, results in
      viewModel.results = results
    }
  }
  // end snippet: search

  // snippet: submit
  @discardableResult
  func submit(_ query: String) -> Task<Void, Never> {
    dispatch(actionId: .submit, policy: .ignoreWhileRunning, task: { [service] in try await service.submit(query) })
  }
  // end snippet: submit

  // snippet: report-scroll
  @discardableResult
  func reportScroll(_ offset: Double) -> Task<Void, Never> {
    dispatch(
      actionId: .saveScrollPosition, policy: .throttle(.seconds(1)),
      task: { [service] in
        try await service.saveScrollPosition(offset)
      })
  }
  // end snippet: report-scroll
}
