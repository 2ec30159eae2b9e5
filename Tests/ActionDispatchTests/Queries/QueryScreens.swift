import ActionDispatch
import ActionDispatchTesting
import Observation

extension QueryKey<String> {
  /// A user's profile (its name), as the tests' screens share it.
  static func profile(_ login: String) -> Self { QueryKey("users", login, "profile") }
}

extension QueryKey<[String]> {
  /// A user's followers.
  static func followers(_ login: String) -> Self { QueryKey("users", login, "followers") }
}

/// The server the screens read, counted: requests per login, an optional gate every request
/// passes, names to answer with and failures to throw.
@MainActor
final class QueryServer {
  var requests: [String] = []
  var names: [String: String] = [:]
  var failing: Set<String> = []
  var gate: Gate?

  func profile(_ login: String) async throws -> String {
    requests.append(login)
    if let gate { try await gate.pass() }
    if failing.contains(login) { throw TestError() }
    return names[login] ?? login.uppercased()
  }

  func followers(_ login: String) async throws -> [String] {
    requests.append("followers:\(login)")
    if let gate { try await gate.pass() }
    return ["a", "b"]
  }
}

enum ScreenAction: ActionIdType {
  case profile
  case followers
  case rename
}

/// A screen that shows one profile at a time (a list's row, a detail screen) from a shared cache.
@MainActor
@Observable
final class ProfileScreen: BaseViewModel<ScreenAction> {
  private(set) var name: String?
  /// Every value delivered to `onSuccess`, in order.
  var delivered: [String] = []
  var failures = 0
  @ObservationIgnored let server: QueryServer
  @ObservationIgnored let cache: QueryCache

  init(server: QueryServer, cache: QueryCache, clock: any Clock<Duration>) {
    self.server = server
    self.cache = cache
    super.init(clock: clock)
  }

  @discardableResult
  func show(_ login: String, staleTime: Duration? = .seconds(60), failureTime: Duration? = nil) -> Task<Void, Never> {
    dispatch(
      actionId: .profile, query: .profile(login), in: cache, staleTime: staleTime, failureTime: failureTime,
      task: { [server] in try await server.profile(login) },
      onSuccess: { screen, name in
        screen.name = name
        screen.delivered.append(name)
      },
      onFailure: { screen, _ in screen.failures += 1 })
  }

  // snippet: watch-without-fetching
  /// Shows the profile another screen fetches, with no fetch of its own.
  @discardableResult
  func watchProfile(_ login: String) -> Task<Void, Never> {
    watch(
      actionId: .profile, query: .profile(login), in: cache,
      onSuccess: { screen, name in
        screen.name = name
        screen.delivered.append(name)
      },
      onFailure: { screen, _ in screen.failures += 1 })
  }
  // end snippet: watch-without-fetching

  @discardableResult
  func showFollowers(_ login: String) -> Task<Void, Never> {
    dispatch(
      actionId: .followers, query: .followers(login), in: cache, staleTime: .seconds(60),
      task: { [server] in try await server.followers(login) }
    ) { screen, followers in
      screen.delivered.append(followers.joined(separator: ","))
    }
  }
}
