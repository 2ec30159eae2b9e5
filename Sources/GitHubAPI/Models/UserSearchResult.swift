import Foundation

/// The answer to a user search (`GET /search/users?q=`).
///
/// ```swift
/// let result = try await client.searchUsers("octo")
/// print("\(result.totalCount) matches:", result.items.map(\.login))
/// ```
///
/// > Important: GitHub returns at most 1,000 results per search; ``incompleteResults`` is
/// > `true` when the search timed out on GitHub's side and the list may be missing matches.
public struct UserSearchResult: Sendable, Hashable, Codable {
  /// How many accounts match in total (more than ``items`` holds when there are several pages).
  public var totalCount: Int
  /// Whether GitHub gave up before finding every match.
  public var incompleteResults: Bool
  /// The matching accounts on this page, best first, each with a ``Follower/score``.
  public var items: [Follower]

  /// Creates a search result.
  ///
  /// - Parameters:
  ///   - totalCount: The number of matches in total.
  ///   - incompleteResults: Whether GitHub gave up early.
  ///   - items: The matches.
  public init(totalCount: Int, incompleteResults: Bool = false, items: [Follower]) {
    self.totalCount = totalCount
    self.incompleteResults = incompleteResults
    self.items = items
  }

  /// GitHub's JSON field names.
  enum CodingKeys: String, CodingKey {
    case totalCount = "total_count"
    case incompleteResults = "incomplete_results"
    case items
  }
}
