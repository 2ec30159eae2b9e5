import Foundation

extension FollowersService {
  /// Every page of a user's followers, in page order: the default implementation.
  ///
  /// See ``FollowersService/allFollowers(of:perPage:concurrency:)``. Pages are pulled: nothing
  /// is fetched before the consumer asks for the next page (beyond the `concurrency - 1`
  /// pages fetched ahead in parallel mode), so a consumer that stops after 50 followers does
  /// not download the rest. A `next` link that points to a page already fetched ends the stream
  /// instead of looping.
  ///
  /// ```swift
  /// var logins: [String] = []
  /// for try await page in service.allFollowers(of: "octocat", perPage: 100, concurrency: 4) {
  ///   logins += page.followers.map(\.login)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - username: The login.
  ///   - perPage: Followers per page, 1 to 100.
  ///   - concurrency: Pages in flight at once, clamped to 1...4.
  /// - Returns: A stream of pages.
  public func allFollowers(
    of username: String, perPage: Int, concurrency: Int
  ) -> AsyncThrowingStream<FollowersPage, any Error> {
    let pager = FollowersPager(
      service: self, username: username, perPage: min(max(perPage, 1), 100),
      concurrency: min(max(concurrency, 1), 4))
    return AsyncThrowingStream(unfolding: { try await pager.next() })
  }
}

extension FollowersService {
  /// Every page of a user's followers, 100 per page, one request at a time.
  ///
  /// The same as `allFollowers(of: username, perPage: 100, concurrency: 1)`, dispatched to the
  /// conforming type's own implementation when it has one.
  ///
  /// - Parameter username: The login.
  /// - Returns: A stream of pages.
  public func allFollowers(of username: String) -> AsyncThrowingStream<FollowersPage, any Error> {
    allFollowers(of: username, perPage: 100, concurrency: 1)
  }
}
