import Foundation

/// GitHub's rate-limit counters, as sent in the `x-ratelimit-*` headers of every response.
///
/// Without a token GitHub allows 60 requests an hour per IP address, with one 5,000 per user.
/// ``GitHubClient/latestRateLimit()`` returns the counters of the last response seen.
///
/// ```swift
/// if let limit = await client.latestRateLimit() {
///   print("\(limit.remaining) of \(limit.limit) requests left; resets at \(limit.resetAt)")
/// }
/// ```
public struct RateLimit: Sendable, Hashable {
  /// The number of requests allowed per window (`x-ratelimit-limit`).
  public var limit: Int
  /// The number of requests left in this window (`x-ratelimit-remaining`).
  public var remaining: Int
  /// The number of requests made in this window (`x-ratelimit-used`), if sent.
  public var used: Int?
  /// When the window ends and `remaining` goes back to `limit` (`x-ratelimit-reset`).
  public var resetAt: Date
  /// The quota the counters belong to, such as `core` or `search` (`x-ratelimit-resource`).
  public var resource: String?

  /// Creates counters.
  ///
  /// - Parameters:
  ///   - limit: Requests allowed per window.
  ///   - remaining: Requests left.
  ///   - used: Requests made, if known.
  ///   - resetAt: When the window ends.
  ///   - resource: The quota's name, if known.
  public init(limit: Int, remaining: Int, used: Int? = nil, resetAt: Date, resource: String? = nil) {
    self.limit = limit
    self.remaining = remaining
    self.used = used
    self.resetAt = resetAt
    self.resource = resource
  }

  /// Reads the counters from a response's headers.
  ///
  /// - Parameter response: Any response from GitHub.
  /// - Returns: `nil` unless `x-ratelimit-limit`, `x-ratelimit-remaining` and
  ///   `x-ratelimit-reset` are all present and numeric.
  public init?(response: HTTPResponse) {
    guard let limit = Self.integer(response.value(forHTTPHeaderField: "x-ratelimit-limit")),
      let remaining = Self.integer(response.value(forHTTPHeaderField: "x-ratelimit-remaining")),
      let resetAt = Self.epochDate(response.value(forHTTPHeaderField: "x-ratelimit-reset"))
    else { return nil }
    self.init(
      limit: limit, remaining: remaining,
      used: Self.integer(response.value(forHTTPHeaderField: "x-ratelimit-used")),
      resetAt: resetAt,
      resource: response.value(forHTTPHeaderField: "x-ratelimit-resource"))
  }

  static func integer(_ value: String?) -> Int? {
    guard let value else { return nil }
    return Int(value.trimmingCharacters(in: .whitespaces))
  }

  /// `x-ratelimit-reset`: seconds since 1970, as an integer (or, leniently, a decimal).
  static func epochDate(_ value: String?) -> Date? {
    guard let value, let seconds = Double(value.trimmingCharacters(in: .whitespaces)),
      seconds.isFinite, seconds >= 0, seconds < 1e11
    else { return nil }
    return Date(timeIntervalSince1970: seconds)
  }
}
