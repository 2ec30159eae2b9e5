import Foundation

extension FollowersService {
  /// Every page of a user's followers, in page order.
  ///
  /// The same as ``FollowersService/allFollowers(of:perPage:concurrency:limit:maxPages:)``
  /// without limits, dispatched to the conforming type's own implementation when it has one.
  ///
  /// ```swift
  /// var logins: [String] = []
  /// for try await page in service.allFollowers(of: "octocat", perPage: 100, concurrency: 4) {
  ///   logins += page.followers.map(\.login)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - user: The login.
  ///   - perPage: Followers per page, 1 to 100.
  ///   - concurrency: Pages in flight at once, clamped to 1...4.
  /// - Returns: A stream of pages.
  public func allFollowers(
    of user: GitHubUsername, perPage: Int, concurrency: Int
  ) -> AsyncThrowingStream<FollowersPage, any Error> {
    allFollowers(of: user, perPage: perPage, concurrency: concurrency, limit: nil, maxPages: nil)
  }

  /// The pages of a user's followers, in page order, until `limit` followers or `maxPages`
  /// pages, with the server's pages checked as they come: the default implementation.
  ///
  /// Pages are pulled: nothing is fetched before the consumer asks for the next page (beyond
  /// the `concurrency - 1` pages fetched ahead in parallel mode), so a consumer that stops
  /// after 50 followers does not download the rest. The stream ends after the last page, once
  /// the pages delivered hold `limit` different followers, or after `maxPages` pages.
  ///
  /// A server's pages are untrusted. The stream fails with
  /// ``GitHubError/paginationStopped(_:)``, without sending another request, when a `next` link
  /// points back to a page already fetched, when a page is empty but links on (or is empty
  /// before the `last` page it claimed), when a page adds no follower not already delivered,
  /// and when one more request would exceed what the first page's `last` link (its number,
  /// plus one for followers added while paging) or `limit` (the pages it needs, plus one)
  /// can justify. Pages are delivered as the server sent them: a follower listed twice
  /// (overlapping pages) is in both; `FollowersViewModel` lists each once.
  ///
  /// ```swift
  /// for try await page in service.allFollowers(of: "octocat", perPage: 30, concurrency: 1, limit: 45, maxPages: nil) {
  ///   print(page.followers.map(\.login))   // two pages: 30, then 30 more (list only 15 of them)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - user: The login.
  ///   - perPage: Followers per page, 1 to 100.
  ///   - concurrency: Pages in flight at once, clamped to 1...4.
  ///   - limit: The followers wanted; `nil` for all.
  ///   - maxPages: The most pages to fetch; `nil` for no cap.
  /// - Returns: A stream of pages.
  public func allFollowers(
    of user: GitHubUsername, perPage: Int, concurrency: Int, limit: Int?, maxPages: Int?
  ) -> AsyncThrowingStream<FollowersPage, any Error> {
    FollowersPager.pages(
      service: self, user: user, perPage: perPage, concurrency: concurrency, limit: limit, maxPages: maxPages)
  }
}

extension FollowersService {
  /// Every page of a user's followers, 100 per page, one request at a time.
  ///
  /// The same as `allFollowers(of: user, perPage: 100, concurrency: 1)`, dispatched to the
  /// conforming type's own implementation when it has one.
  ///
  /// - Parameter user: The login.
  /// - Returns: A stream of pages.
  public func allFollowers(of user: GitHubUsername) -> AsyncThrowingStream<FollowersPage, any Error> {
    allFollowers(of: user, perPage: 100, concurrency: 1)
  }
}
