import Foundation

/// What `FollowersViewModel` needs from GitHub: followers page by page, a profile, a search.
///
/// ``GitHubClient`` talks to the real API; ``DemoFollowersService`` answers from
/// ``DemoFixtures`` for previews and `action-dispatch --demo`; in tests, a mock with one
/// `Stub` per method (as `action-dispatch scaffold` generates) stands in. Errors thrown are ``GitHubError`` values (or
/// `CancellationError` when the calling task is cancelled).
///
/// Each method that takes a login has two forms. The ``GitHubUsername`` form is what this
/// package calls: the login was checked once, where its text came in, and is passed on as it
/// is. The `String` form is for callers holding text; a service that checks logins (as
/// ``GitHubClient`` does) checks it there and calls the ``GitHubUsername`` form. A service
/// implements the `String` forms; the ``GitHubUsername`` forms default to calling them with
/// ``GitHubUsername/rawValue``, and a service that would otherwise check the login again
/// implements them too. `allFollowers` is the exception: implement it in either form, or in
/// neither for the default pager; whichever is implemented is used from both.
///
/// ```swift
/// func printFollowers(of login: String, using service: some FollowersService) async throws {
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
  ///   - username: The login.
  ///   - page: The page number, from 1.
  ///   - perPage: Followers per page, 1 to 100.
  /// - Returns: The page, with links to the next and last pages.
  /// - Throws: ``GitHubError``, or `CancellationError`.
  func followers(of username: String, page: Int, perPage: Int) async throws -> FollowersPage

  /// One page of a user's followers, for a login already checked.
  ///
  /// What `FollowersViewModel` and the pager call. The default implementation calls
  /// ``followers(of:page:perPage:)-(String,_,_)`` with the login's text.
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
  /// A service implements this form or the ``GitHubUsername`` one (or neither, and gets the
  /// default pager); whichever it implements is what
  /// `FollowersViewModel/loadAllPages(for:perPage:concurrency:limit:maxPages:)`
  /// and `FollowersStreamViewModel` use. The default implementation checks the login (a
  /// malformed one fails the stream with ``GitHubError/invalidUsername(_:reason:)`` before any
  /// request), then pages with ``followers(of:page:perPage:)-(GitHubUsername,_,_)`` and
  /// ``followersPage(at:)``, checking the server's pages as
  /// ``allFollowers(of:perPage:concurrency:limit:maxPages:)-(String,_,_,_,_)`` describes.
  ///
  /// - Parameters:
  ///   - username: The login.
  ///   - perPage: Followers per page, 1 to 100.
  ///   - concurrency: Pages in flight at once, clamped to 1...4.
  ///   - limit: The followers wanted; `nil` for all.
  ///   - maxPages: The most pages to fetch; `nil` for no cap.
  /// - Returns: A stream of pages.
  func allFollowers(
    of username: String, perPage: Int, concurrency: Int, limit: Int?, maxPages: Int?
  ) -> AsyncThrowingStream<FollowersPage, any Error>

  /// The pages of a user's followers, for a login already checked; otherwise as the `String`
  /// form.
  ///
  /// The default implementation calls the `String` form, so a service written against it is
  /// used; when the service implements neither form, the default pager runs without checking
  /// the login again.
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
  /// - Parameter username: The login.
  /// - Returns: The profile.
  /// - Throws: ``GitHubError``, or `CancellationError`.
  func profile(of username: String) async throws -> UserProfile

  /// A user's public profile, for a login already checked.
  ///
  /// The default implementation calls ``profile(of:)-(String)`` with the login's text.
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
}
