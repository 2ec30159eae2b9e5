import ActionDispatch
import Foundation
import Observation

// The view model of the "Getting started" article (Sources/ActionDispatch/ActionDispatch.docc),
// which quotes it between the snippet markers (scripts/check-doc-snippets): internal types, the
// service kept in `private let service`. scripts/prove-scaffold scaffolds an action for it,
// whose tests `@testable import` this module.

// snippet: profile-action
enum ProfileAction: ActionIdType {
  case load
  case save
}
// end snippet: profile-action

// snippet: profile-view-model
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
// end snippet: profile-view-model

// More of the articles' methods, in this file because they use the private `service`.
extension ProfileViewModel {
  // snippet: refresh
  func refresh(_ login: String) async {
    await dispatchAndWait(actionId: .load, task: { [service] in try await service.profile(of: login) }) {
      viewModel, profile in
      viewModel.profile = profile
    }
  }

  // List { … }.refreshable { await viewModel.refresh(login) }
  // end snippet: refresh

  /// "Choosing a policy": `load` with retries and a timeout. `URLError` is Foundation's.
  @discardableResult
  func loadRetryingTimeouts(_ login: String) -> Task<Void, Never> {
    // snippet: retry
    dispatch(
      actionId: .load,
      retry: .exponential(maxAttempts: 3) { error in (error as? URLError)?.code == .timedOut },
      timeout: .seconds(20),
      task: { [service] in try await service.profile(of: login) }
    ) { viewModel, profile in
      viewModel.profile = profile
    }
    // end snippet: retry
  }
}
