import Foundation

extension GitHubClient {
  /// Where a ``GitHubClient`` sends requests, as whom, and how patiently it retries.
  ///
  /// ```swift
  /// let configuration = GitHubClient.Configuration(
  ///   baseURL: URL(string: "https://ghe.example/api/v3")!,
  ///   token: GitHubClient.Configuration.token(fromEnvironment: ProcessInfo.processInfo.environment),
  ///   maxRetries: 2
  /// )
  /// let client = GitHubClient(configuration: configuration)
  /// ```
  ///
  /// > Important: The token is sent only to ``baseURL``'s scheme, host and port, and never
  /// > appears in a description: printing a configuration shows `token: <redacted>`.
  public struct Configuration: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `https://api.github.com`, the public GitHub REST API.
    public static let defaultBaseURL = URL(string: "https://api.github.com")!

    /// The API's root; may carry a path, as GitHub Enterprise's `https://HOST/api/v3` does.
    public var baseURL: URL
    /// A personal access token or app token, sent as `Authorization: Bearer`; `nil` for none.
    ///
    /// An empty or blank token counts as none.
    public var token: String?
    /// The `User-Agent` GitHub requires on every request.
    public var userAgent: String
    /// How many times a failed `GET` is tried again (5xx, dropped connection, secondary rate limit);
    /// 0 turns retries off. Negative values count as 0.
    public var maxRetries: Int
    /// The clock that backoff and `Retry-After` waits sleep on; tests inject a manual one.
    public var clock: any Clock<Duration>
    /// The longest wait before a retry: a `Retry-After` or backoff longer than this fails
    /// with the error at once instead of waiting.
    public var maxRetryWait: Duration
    /// Called, on the requesting task, just before the client waits to retry a request: a
    /// secondary rate limit's `Retry-After`, or backoff after a 5xx or a timeout. `nil` by default.
    ///
    /// A terminal uses it to say that it is waiting, why and until when, instead of looking stuck:
    ///
    /// ```swift
    /// configuration.onRetryWait = { wait in print("waiting \(wait.delay): \(wait.reason)") }
    /// ```
    public var onRetryWait: (@Sendable (RetryWait) -> Void)?
    /// Answers kept on disk between runs, for a command-line tool; `nil` (memory only) by default.
    ///
    /// See ``DiskCache``: an answer younger than its maximum age is used without a request, an
    /// older one is revalidated with `If-None-Match`.
    public var diskCache: DiskCache?

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - baseURL: The API's root; `https://api.github.com` by default.
    ///   - token: The token to authenticate with, or `nil`.
    ///   - userAgent: The `User-Agent` header; `action-dispatch/<version>` by default.
    ///   - maxRetries: Retries of a failed `GET`; 3 by default.
    ///   - clock: The clock retry waits sleep on; a `ContinuousClock` by default.
    ///   - maxRetryWait: The longest wait before a retry; 60 seconds by default.
    public init(
      baseURL: URL = Configuration.defaultBaseURL,
      token: String? = nil,
      userAgent: String = "action-dispatch/\(ActionDispatchVersion.current)",
      maxRetries: Int = 3,
      clock: any Clock<Duration> = ContinuousClock(),
      maxRetryWait: Duration = .seconds(60)
    ) {
      self.baseURL = baseURL
      self.token = token
      self.userAgent = userAgent
      self.maxRetries = maxRetries
      self.clock = clock
      self.maxRetryWait = maxRetryWait
    }

    /// Reads a token from environment variables: `GITHUB_TOKEN`, then `GH_TOKEN` (the
    /// GitHub CLI's name).
    ///
    /// Surrounding whitespace (such as the newline of `$(cat token.txt)`) is removed; an empty
    /// value counts as unset, so `GITHUB_TOKEN= action-dispatch ...` falls back to `GH_TOKEN`.
    ///
    /// - Parameter env: The environment, such as `ProcessInfo.processInfo.environment`.
    /// - Returns: The token, or `nil` when neither variable holds one.
    public static func token(fromEnvironment env: [String: String]) -> String? {
      for name in ["GITHUB_TOKEN", "GH_TOKEN"] {
        if let value = env[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty {
          return value
        }
      }
      return nil
    }

    /// The token to send, or `nil` when it is absent or blank.
    var effectiveToken: String? {
      guard let token = token?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty else { return nil }
      return token
    }

    /// A summary with the token redacted.
    public var description: String {
      "Configuration(baseURL: \(baseURL.absoluteString), token: \(effectiveToken == nil ? "nil" : "<redacted>"), "
        + "userAgent: \(userAgent), maxRetries: \(maxRetries), maxRetryWait: \(maxRetryWait))"
    }

    /// The same as ``description``: the token is redacted.
    public var debugDescription: String { description }

    /// A mirror without the token, so `dump(_:)` and the debugger do not show it.
    public var customMirror: Mirror {
      Mirror(
        self,
        children: [
          "baseURL": baseURL,
          "token": effectiveToken == nil ? "nil" : "<redacted>",
          "userAgent": userAgent,
          "maxRetries": maxRetries,
          "maxRetryWait": maxRetryWait,
        ],
        displayStyle: .struct)
    }
  }
}
