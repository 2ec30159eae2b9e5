import ActionDispatch
import Observation

/// The second screen: one follower, opened from ``FollowerCardsViewModel``'s list. Its own key is
/// seeded from the list's row, so a follower the list shows opens with no request and no
/// spinner while the list is fresh; it watches the list's key, so a refresh of the list
/// updates it; and it fetches through the list's key, so the two screens share one request.
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

  // snippet: detail-seeds-and-watches
  /// Shows the follower: at once from the list's row, with no request while the list is fresh
  /// (the card's key is seeded with the list's age); when stale, the list is fetched again
  /// through the cache, joined by the list screen. The detail also watches the list, so the
  /// list's refresh reaches it, with no fetch of its own.
  ///
  /// - Returns: The run's task; already complete when answered from the cache.
  @discardableResult
  public func load() -> Task<Void, Never> {
    let (login, list) = (login, QueryKey.followerCards(of: user))
    cache.seed(.followerCard(login, of: user), from: list) { cards in cards.first { $0.login == login } }
    watch(actionId: .followList, query: list, in: cache) { viewModel, cards in
      if let card = cards.first(where: { $0.login == login }) { viewModel.card = card }
    }
    return dispatch(
      actionId: .load, query: .followerCard(login, of: user), in: cache, staleTime: FollowerCardsViewModel.staleTime,
      task: { [cache, service, user] in
        let cards = try await cache.fetch(list) { try await service.followerCards(of: user) }
        guard let card = cards.first(where: { $0.login == login }) else { throw FollowerNotListedError(login: login) }
        return card
      }
    ) { viewModel, card in
      viewModel.card = card
    }
  }
  // end snippet: detail-seeds-and-watches
}
