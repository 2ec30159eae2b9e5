import Foundation

/// What `FollowersViewModel` needs from GitHub: followers page by page, a profile, a search.
///
/// ``GitHubClient`` talks to the real API; `DemoFollowersService` answers from
/// `DemoFixtures` for previews and `action-dispatch --demo`; in tests, a mock with one
/// `Stub` per method (as `action-dispatch scaffold` generates) stands in. Errors thrown are ``GitHubError`` values (or
/// `CancellationError` when the calling task is cancelled).
///
/// Logins are ``GitHubUsername``s: checked once, where their text came in, and passed on as
/// they are. A service implements the four single-request methods; `allFollowers` has a default
/// (the pager, which checks the server's pages as they come) that a service may replace.
///
/// ```swift
/// func printFollowers(of login: GitHubUsername, using service: some FollowersService) async throws {
///   for try await page in service.allFollowers(of: login, perPage: 100, concurrency: 1) {
///     page.followers.forEach { print($0.login) }
///   }
/// }
/// try await printFollowers(of: "octocat", using: DemoFollowersService())
/// ```
public protocol FollowersService: Sendable {
  /// One page of a user's followers.
  ///
  /// - Parameters:
  ///   - user: The login.
  ///   - page: The page number, from 1.
  ///   - perPage: Followers per page, 1 to 100.
  /// - Returns: The page, with links to the next and last pages.
  /// - Throws: ``GitHubError``, or `CancellationError`.
  func followers(of user: GitHubUsername, page: Int, perPage: Int) async throws -> FollowersPage

  /// The page at a URL from a previous page's ``FollowersPage/next`` or ``FollowersPage/last``,
  /// requested exactly as given.
  ///
  /// - Parameter url: The page's URL.
  /// - Returns: The page.
  /// - Throws: ``GitHubError``, or `CancellationError`.
  func followersPage(at url: URL) async throws -> FollowersPage

  /// The pages of a user's followers, in page order, until `limit` followers or `maxPages`
  /// pages, with the server's pages checked as they come.
  ///
  /// With `concurrency` 1 (the default GitHub asks for), pages are fetched one after another
  /// by following `next` links, each only when the consumer asks for it. With 2 to 4, page 1
  /// is fetched first; once it names the last page, the others are fetched with at most
  /// `concurrency` requests in flight, and still delivered strictly in order. The stream ends
  /// after the last page, once `limit` different followers were delivered, after `maxPages`
  /// pages, or with the first error. Cancelling the consuming task (or dropping the stream)
  /// cancels the requests.
  ///
  /// What `FollowersViewModel/loadAllPages(for:perPage:concurrency:limit:maxPages:)` and
  /// `FollowersStreamViewModel` use. The default implementation pages with
  /// ``followers(of:page:perPage:)`` and ``followersPage(at:)``, checking the server's pages as
  /// ``allFollowers(of:perPage:concurrency:limit:maxPages:)`` (the extension's) describes.
  ///
  /// - Parameters:
  ///   - user: The login.
  ///   - perPage: Followers per page, 1 to 100.
  ///   - concurrency: Pages in flight at once, clamped to 1...4.
  ///   - limit: The followers wanted; `nil` for all.
  ///   - maxPages: The most pages to fetch; `nil` for no cap.
  /// - Returns: A stream of pages.
  func allFollowers(
    of user: GitHubUsername, perPage: Int, concurrency: Int, limit: Int?, maxPages: Int?
  ) -> AsyncThrowingStream<FollowersPage, any Error>

  /// A user's public profile.
  ///
  /// - Parameter user: The login.
  /// - Returns: The profile.
  /// - Throws: ``GitHubError``, or `CancellationError`.
  func profile(of user: GitHubUsername) async throws -> UserProfile

  /// Searches users.
  ///
  /// - Parameter query: The search query.
  /// - Returns: The first page of matches.
  /// - Throws: ``GitHubError``, or `CancellationError`.
  func searchUsers(_ query: String) async throws -> UserSearchResult

  /// The rate-limit counters of the last response that carried them.
  ///
  /// What a view model reads to send nothing while the limit is used up. The default
  /// implementation returns `nil`: a service that sees no counters never holds anything back.
  ///
  /// - Returns: The counters, or `nil` when none were seen.
  func latestRateLimit() async -> RateLimit?
}

extension FollowersService {
  /// No counters: the default for a service that does not see GitHub's `x-ratelimit-*` headers.
  ///
  /// - Returns: `nil`.
  public func latestRateLimit() async -> RateLimit? { nil }
}
