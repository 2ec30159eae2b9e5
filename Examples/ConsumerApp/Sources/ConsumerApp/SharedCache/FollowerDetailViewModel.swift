import ActionDispatch
import Observation

/// The second screen: one follower, opened from ``FollowerCardsViewModel``'s list and read
/// through the same `QueryCache` key, so a follower the list shows opens with no request and no
/// spinner while the list is fresh, and a refresh of either screen updates both.
@MainActor
@Observable
public final class FollowerDetailViewModel: BaseViewModel<FollowerCardsAction> {
  /// The follower shown, once known; `nil` when the list no longer has them.
  public private(set) var card: FollowerCard?
  /// The follower's login.
  public let login: String
  /// The user whose list the follower is on.
  public let user: String
  private let service: any FollowerCardsService
  private let cache: QueryCache

  /// Creates the detail screen's view model.
  ///
  /// - Parameters:
  ///   - login: The follower shown.
  ///   - user: The user whose list the follower is on.
  ///   - service: Where followers come from, when the cache has nothing fresh.
  ///   - cache: The list's cache.
  ///   - clock: The view model's clock; the cache's.
  public init(
    login: String, followerOf user: String, service: any FollowerCardsService, cache: QueryCache,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.login = login
    self.user = user
    self.service = service
    self.cache = cache
    super.init(clock: clock)
  }

  /// Shows the follower from the list's key: at once with no request while it is fresh.
  ///
  /// - Returns: The run's task; already complete when answered from the cache.
  @discardableResult
  public func load() -> Task<Void, Never> {
    let login = login
    return dispatch(
      actionId: .load, query: .followerCards(of: user), in: cache, staleTime: FollowerCardsViewModel.staleTime,
      task: { [service, user] in try await service.followerCards(of: user) }
    ) { viewModel, cards in
      viewModel.card = cards.first { $0.login == login }
    }
  }
}
