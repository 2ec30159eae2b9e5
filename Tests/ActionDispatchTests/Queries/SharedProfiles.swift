import ActionDispatch
import ActionDispatchTesting
import Observation

// The code "Sharing server data between view models" quotes: a list and a detail screen that
// share profiles through one cache, a mutation that invalidates, a refresh that keeps what is shown.

struct UserProfile: Equatable, Sendable {
  var login: String
  var name: String
}

/// The server, counted.
@MainActor
final class ProfileService {
  var requests = 0
  var names: [String: String] = [:]
  var gate: Gate?

  func profile(_ login: String) async throws -> UserProfile {
    requests += 1
    if let gate { try await gate.pass() }
    return UserProfile(login: login, name: names[login] ?? login.capitalized)
  }

  func rename(_ login: String, to name: String) async throws {
    names[login] = name
  }
}

// snippet: profile-key
extension QueryKey<UserProfile> {
  /// A user's profile: one key every screen that shows it names.
  static func userProfile(_ login: String) -> Self { QueryKey("users", login, "profile") }
}
// end snippet: profile-key

enum ProfileListAction: ActionIdType {
  case selectedProfile
}

// snippet: list-screen
/// A list whose selected row shows its profile, from the app's one cache.
@MainActor
@Observable
final class ProfileListScreen: BaseViewModel<ProfileListAction> {
  private(set) var selectedProfile: UserProfile?
  @ObservationIgnored private let service: ProfileService
  @ObservationIgnored private let cache: QueryCache

  init(service: ProfileService, cache: QueryCache) {
    self.service = service
    self.cache = cache
    super.init()
  }

  func select(_ login: String) {
    dispatch(
      actionId: .selectedProfile, query: .userProfile(login), in: cache, staleTime: .seconds(300),
      failureTime: .seconds(60),
      task: { [service] in try await service.profile(login) }
    ) { screen, profile in
      screen.selectedProfile = profile
    }
  }
}
// end snippet: list-screen

enum ProfileDetailAction: ActionIdType {
  case load
  case rename
}

// snippet: detail-screen
/// A detail screen: a profile the list fetched a moment ago shows at once, with no request.
@MainActor
@Observable
final class ProfileDetailScreen: BaseViewModel<ProfileDetailAction> {
  private(set) var profile: UserProfile?
  var profileState: Loadable<UserProfile> { loadable(\.profile, of: .load) }
  @ObservationIgnored private let service: ProfileService
  @ObservationIgnored private let cache: QueryCache
  private let login: String

  init(login: String, service: ProfileService, cache: QueryCache) {
    self.login = login
    self.service = service
    self.cache = cache
    super.init()
  }

  @discardableResult
  func load() -> Task<Void, Never> {
    dispatch(
      actionId: .load, query: .userProfile(login), in: cache, staleTime: .seconds(300),
      task: { [service, login] in try await service.profile(login) }
    ) { screen, profile in
      screen.profile = profile
    }
  }
  // end snippet: detail-screen

  // snippet: rename-invalidates
  /// Renames the user; every screen showing the profile fetches it again at once.
  @discardableResult
  func rename(to name: String) -> Task<Void, Never> {
    dispatch(
      actionId: .rename, task: { [service, login] in try await service.rename(login, to: name) }
    ) { [cache, login] _, _ in
      cache.invalidate(.userProfile(login))
    }
  }
  // end snippet: rename-invalidates

  // snippet: refresh-keeps-shown
  /// Pull to refresh: the profile stays on screen (`profileState.isRefreshing`) until the new
  /// one comes, and every screen watching it gets the new one.
  func refresh() async {
    await dispatchAndWait(
      actionId: .load, query: .userProfile(login), in: cache, staleTime: .zero,
      task: { [service, login] in try await service.profile(login) }
    ) { screen, profile in
      screen.profile = profile
    }
  }
  // end snippet: refresh-keeps-shown
}
