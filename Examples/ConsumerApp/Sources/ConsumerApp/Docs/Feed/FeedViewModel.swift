import ActionDispatch
import Observation

/// The actions of ``FeedViewModel``.
enum FeedAction: ActionIdType {
  case loadPages
}

/// The streaming view model of "Testing a view model": every page of a feed, appended as it comes.
@MainActor
@Observable
final class FeedViewModel: BaseViewModel<FeedAction> {
  private(set) var items: [String] = []
  private let service: any FeedService

  init(service: any FeedService) {
    self.service = service
    super.init()
  }

  @discardableResult
  func loadPages() -> Task<Void, Never> {
    items = []
    return dispatch(actionId: .loadPages, policy: .cancelPrevious, elements: { [service] in service.pages() }) {
      viewModel, page in
      viewModel.items += page.items
    }
  }
}
