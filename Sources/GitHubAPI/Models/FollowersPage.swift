import Foundation

/// One page of a user's followers, with the links to the next and last pages.
///
/// ``page`` is the number of this page (from the request); ``lastPage`` comes from GitHub's
/// `rel="last"` link, or is ``page`` itself when there is no next page.
///
/// ```swift
/// var page = try await client.followers(of: "octocat", page: 1, perPage: 100)
/// var everyone = page.followers
/// while let next = page.next {
///   page = try await client.followersPage(at: next)
///   everyone += page.followers
/// }
/// ```
public struct FollowersPage: Sendable, Hashable {
  /// The followers on this page, in GitHub's order.
  public var followers: [Follower]
  /// The URL of the next page, exactly as GitHub gave it; `nil` on the last page.
  public var next: URL?
  /// The URL of the last page, when GitHub said.
  public var last: URL?
  /// The number of this page, counting from 1.
  public var page: Int
  /// The number of the last page, when known.
  public var lastPage: Int?
  /// Set by the default ``FollowersService/allFollowers(of:perPage:concurrency:limit:maxPages:)``:
  /// the positions in ``followers`` of those it had already delivered (or that came twice on
  /// this page), so that `FollowersStreamViewModel` needs no second set of ids; `nil` for a
  /// page nothing checked. Not part of the page's value (equality, hashing).
  package var repeatedPositions: [Int]?
  /// The URLs that name pages already fetched once this page has come: the URL it was
  /// requested at, and the server's `rel="prev"` and `rel="first"` links. Set by
  /// ``GitHubClient``; the pager counts a `next` link to any of them as a cycle, and stops
  /// before sending it. Not part of the page's value (equality, hashing).
  package var fetchedPageURLs: [URL] = []

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - followers: The followers on the page.
  ///   - next: The next page's URL.
  ///   - last: The last page's URL.
  ///   - page: This page's number, from 1.
  ///   - lastPage: The last page's number, when known.
  public init(followers: [Follower], next: URL? = nil, last: URL? = nil, page: Int = 1, lastPage: Int? = nil) {
    self.followers = followers
    self.next = next
    self.last = last
    self.page = page
    self.lastPage = lastPage
  }

  /// Whether there is a page after this one.
  public var hasNextPage: Bool { next != nil }

  /// Whether two pages hold the same followers, links and numbers.
  ///
  /// - Parameters:
  ///   - lhs: A page.
  ///   - rhs: Another page.
  /// - Returns: Whether every public field is equal.
  public static func == (lhs: FollowersPage, rhs: FollowersPage) -> Bool {
    lhs.followers == rhs.followers && lhs.next == rhs.next && lhs.last == rhs.last && lhs.page == rhs.page
      && lhs.lastPage == rhs.lastPage
  }

  /// Hashes every public field.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(followers)
    hasher.combine(next)
    hasher.combine(last)
    hasher.combine(page)
    hasher.combine(lastPage)
  }
}
