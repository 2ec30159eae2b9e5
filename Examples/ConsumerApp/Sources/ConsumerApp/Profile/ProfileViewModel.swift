import ActionDispatch
import Observation

// The view model of the "Getting started" article (Sources/ActionDispatch/ActionDispatch.docc),
// as it is written there: internal types, the service kept in `private let service`.
// scripts/prove-scaffold scaffolds an action for it, whose tests `@testable import` this module.

enum ProfileAction: ActionIdType {
  case load
  case save
}

@MainActor
@Observable
final class ProfileViewModel: BaseViewModel<ProfileAction> {
  private(set) var profile: Profile?
  private let service: any ProfileService

  init(service: any ProfileService) {
    self.service = service
    super.init()
  }

  @discardableResult
  func load(_ login: String) -> Task<Void, Never> {
    dispatch(actionId: .load, task: { [service] in try await service.profile(of: login) }) { viewModel, profile in
      viewModel.profile = profile
    }
  }

  @discardableResult
  func save(_ profile: Profile) -> Task<Void, Never> {
    dispatch(actionId: .save, policy: .ignoreWhileRunning, task: { [service] in try await service.save(profile) })
  }
}
