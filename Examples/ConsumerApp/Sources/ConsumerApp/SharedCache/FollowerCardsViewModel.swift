import ActionDispatch
import Observation

/// The first screen of two that share a `QueryCache`: a user's followers. The second,
/// ``FollowerDetailViewModel``, opens one of them with no request while the list is fresh.
///
/// ```swift
/// let cache = QueryCache()
/// let list = FollowerCardsViewModel(service: service, cache: cache)
/// await list.load("octocat").value                  // one request
/// let detail = FollowerDetailViewModel(login: "mona", followerOf: "octocat", service: service, cache: cache)
/// detail.load()                                      // mona's card at once, no request
/// await list.refresh()                               // one request; both screens get the answer
/// ```
@MainActor
@Observable
public final class FollowerCardsViewModel: BaseViewModel<FollowerCardsAction> {
  /// How long a list is shown without asking the server again: one minute.
  public static let staleTime: Duration = .seconds(60)

  /// The followers shown.
  public private(set) var cards: [FollowerCard] = []
  /// The user whose followers are shown.
  public private(set) var user: String?
  /// The cache the list reads through, shared with the detail screens.
  public let cache: QueryCache
  private let service: any FollowerCardsService

  /// Creates the list's view model.
  ///
  /// - Parameters:
  ///   - service: Where followers come from.
  ///   - cache: The cache shared with the detail screens.
  ///   - clock: The view model's clock; give the cache the same one.
  public init(service: any FollowerCardsService, cache: QueryCache, clock: any Clock<Duration> = ContinuousClock()) {
    self.service = service
    self.cache = cache
    super.init(clock: clock)
  }

  /// Shows a user's followers: at once with no request while the cache holds them fresh; at
  /// once and asked for again when stale; joined when another screen is asking for them.
  ///
  /// - Parameter user: The user.
  /// - Returns: The run's task; already complete when answered from the cache.
  @discardableResult
  public func load(_ user: String) -> Task<Void, Never> {
    self.user = user
    return dispatch(
      actionId: .load, query: .followerCards(of: user), in: cache, staleTime: Self.staleTime,
      task: { [service] in try await service.followerCards(of: user) }
    ) { viewModel, cards in
      viewModel.cards = cards
    }
  }

  /// Pull to refresh: invalidates the list's key, so every screen that shows it (this list, a
  /// follower's detail) gets it fetched again, once for all; returns once the refetch ended.
  public func refresh() async {
    guard let user else { return }
    await cache.invalidate(.followerCards(of: user)).finished()
  }
}
