import Foundation

extension FollowersService {
  /// Throws, sending nothing, while the service's latest rate-limit counters say GitHub's quota
  /// for `resource` is used up and has not reset by `now`.
  ///
  /// What every profile and follow request of the browser runs first (``FollowersViewModel``'s
  /// profile loader among them): moving through rows while the limit is out sends nothing. A
  /// service that reports no counters holds nothing back.
  ///
  /// - Parameters:
  ///   - now: The view model's clock for dates.
  ///   - resource: The quota the request counts against; `core` for everything but search.
  /// - Throws: `GitHubError/rateLimited(resetAt:authenticated:)` with the reset time.
  func checkRateLimit(now: @Sendable () -> Date, resource: String = "core") async throws {
    guard let limit = await latestRateLimit(), limit.remaining <= 0,
      (limit.resource ?? "core") == resource, limit.resetAt > now()
    else { return }
    throw GitHubError.rateLimited(resetAt: limit.resetAt, authenticated: limit.limit > 60)
  }
}
