// snippet: overview
import ActionDispatch
import Observation

// snippet: followers-action
enum FollowersAction: ActionIdType {
  case fetchFollowers
  case unfollow(String)
}
// end snippet: followers-action

@MainActor
@Observable
final class FollowersViewModel: BaseViewModel<FollowersAction> {
  private(set) var followers: [String] = []
  private(set) var lastFailure: String?
  private let service: any FollowersService

  init(service: any FollowersService) {
    self.service = service
    super.init()
  }

  @discardableResult
  func fetchFollowers(for login: String) -> Task<Void, Never> {
    dispatch(
      actionId: .fetchFollowers,
      task: { [service] in
        try await service.followers(of: login)
      }
    ) { viewModel, followers in
      viewModel.followers = followers
    }
  }
}
// end snippet: overview

// "One action per row", in this file because it uses the private `service`.
extension FollowersViewModel {
  // snippet: unfollow
  @discardableResult
  func unfollow(_ login: String) -> Task<Void, Never> {
    dispatch(
      actionId: .unfollow(login), policy: .ignoreWhileRunning,
      optimistic: { viewModel in
        guard let index = viewModel.followers.firstIndex(of: login) else { return { _ in } }
        viewModel.followers.remove(at: index)  // the row goes at once…
        return { viewModel in  // …and comes back if the run fails or is cancelled
          viewModel.followers.insert(login, at: min(index, viewModel.followers.count))
        }
      },
      task: { [service] in try await service.unfollow(login) },
      onFailure: { viewModel, error in viewModel.lastFailure = "Could not unfollow \(login): \(error)" })
  }
  // end snippet: unfollow
}
