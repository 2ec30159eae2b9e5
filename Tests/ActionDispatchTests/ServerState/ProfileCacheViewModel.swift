import ActionDispatch
import Observation

enum ProfileCacheAction: ActionIdType {
  case profile(String)
  case rename
}

/// What the profile screen asks the server, counted: the docs' server-state example.
@MainActor
final class ProfileServer {
  var requests = 0
  var names: [String: String] = [:]
  var gate: (@MainActor () async throws -> Void)?

  func profile(_ login: String) async throws -> String {
    requests += 1
    try await gate?()
    return names[login] ?? login
  }

  func rename(_ login: String, to name: String) async throws {
    names[login] = name
  }
}

/// Profiles shown by several views at once, fresh for five minutes: ChoosingAPolicy's
/// example of `.joinRunning`, `staleTime:` and `invalidate(_:)`.
@MainActor
@Observable
final class ProfileCacheViewModel: BaseViewModel<ProfileCacheAction> {
  private(set) var profiles: [String: String] = [:]
  @ObservationIgnored private let service: ProfileServer

  init(service: ProfileServer, clock: any Clock<Duration>) {
    self.service = service
    super.init(clock: clock)
  }

  // snippet: shared-fresh-profile
  /// Shows a profile: one request however many views ask at once, none while the last one is
  /// less than five minutes old — unless the user pulls to refresh.
  @discardableResult
  func loadProfile(_ login: String, refresh: Bool = false) -> Task<Void, Never> {
    dispatch(
      actionId: .profile(login), policy: .joinRunning, staleTime: refresh ? nil : .seconds(300),
      task: { [service] in try await service.profile(login) }
    ) { viewModel, profile in
      viewModel.profiles[login] = profile
    }
  }
  // end snippet: shared-fresh-profile

  // snippet: invalidate-after-mutation
  /// Renames the user; the profile shown is stale from then on, so the next load asks again.
  @discardableResult
  func rename(_ login: String, to name: String) -> Task<Void, Never> {
    dispatch(actionId: .rename, task: { [service] in try await service.rename(login, to: name) }) { viewModel, _ in
      viewModel.invalidate(.profile(login))
    }
  }
  // end snippet: invalidate-after-mutation
}
