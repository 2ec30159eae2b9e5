import Foundation

extension GitHubClient {
  /// A wait before a retry, as passed to ``Configuration/onRetryWait``: why, for how long, and
  /// which retry follows.
  ///
  /// ```swift
  /// var configuration = GitHubClient.Configuration()
  /// configuration.onRetryWait = { wait in
  ///   print("retry \(wait.retry) in \(wait.delay) after: \(wait.reason)")
  /// }
  /// ```
  public struct RetryWait: Sendable, Equatable {
    /// The failure being waited out, such as ``GitHubError/secondaryRateLimit(retryAfter:)``
    /// for a 429 with `Retry-After`.
    public var reason: GitHubError
    /// How long the client waits before sending the request again.
    public var delay: Duration
    /// The number of the retry that follows the wait: 1 for the first.
    public var retry: Int
    /// The URL that will be requested again.
    public var url: URL

    /// Creates a wait.
    ///
    /// - Parameters:
    ///   - reason: The failure being waited out.
    ///   - delay: How long the wait is.
    ///   - retry: The number of the retry that follows, from 1.
    ///   - url: The URL requested again.
    public init(reason: GitHubError, delay: Duration, retry: Int, url: URL) {
      self.reason = reason
      self.delay = delay
      self.retry = retry
      self.url = url
    }
  }
}
