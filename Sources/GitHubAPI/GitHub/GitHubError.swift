import Foundation

/// Everything that can go wrong when asking GitHub, in words a user can act on.
///
/// Each case's ``description`` says what happened and what to do. None ever contains the
/// token. `URLError`s are turned into ``timeout`` or ``transport(_:)`` with a message written
/// here, because on Linux `URLError.localizedDescription` says nothing useful.
///
/// ```swift
/// do {
///   let page = try await GitHubClient().followers(of: "octocat", page: 1, perPage: 30)
///   print(page.followers.map(\.login))
/// } catch let error as GitHubError {
///   print(error)   // e.g. GitHub has no user "octocat"... (HTTP 404). Check the spelling ...
/// }
/// ```
public enum GitHubError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
  /// The username is not a possible GitHub login; no request was sent.
  ///
  /// The associated values are the name as given and why it was rejected.
  case invalidUsername(String, reason: String)
  /// GitHub has no such user (or resource): HTTP 404. The value names what was asked for.
  case notFound(String)
  /// GitHub rejected the token: HTTP 401.
  case badCredentials
  /// The primary rate limit is used up (403 or 429 with `x-ratelimit-remaining: 0`).
  ///
  /// `resetAt` is when GitHub refills the quota, from `x-ratelimit-reset`; `authenticated`
  /// tells whether the request carried a token (60 an hour without, 5,000 with).
  case rateLimited(resetAt: Date?, authenticated: Bool)
  /// A secondary rate limit (too many requests too fast), with the wait GitHub asked for.
  case secondaryRateLimit(retryAfter: Duration?)
  /// GitHub failed: an HTTP 5xx status, on the first try and on each of `retries` retries
  /// (`0` when the request was not retried, as with `maxRetries` 0).
  case serverError(status: Int, retries: Int = 0)
  /// The response body was not the JSON expected; the value says what was wrong and where.
  case undecodableResponse(String)
  /// No response arrived (connection refused, DNS failure, connection lost ...).
  ///
  /// The value is a sentence such as "Could not connect to 127.0.0.1:8080 (connection refused)".
  case transport(String)
  /// The whole response did not arrive in time (the HTTP client's `timeout`, 30 seconds
  /// by default, counted from sending to the last byte); not retried.
  case timeout
  /// A status this client does not handle: another 4xx, a redirect it would not follow, an
  /// HTML error page from a proxy. `message` is GitHub's `message` field or a summary of the body.
  case unexpectedStatus(Int, message: String?)
  /// Paging stopped because the server's pages could not be trusted: a link to another
  /// origin (not followed: nothing was sent there), a link back to a page already fetched, an
  /// empty page that links on, a page that adds no follower, or more pages than the server's
  /// own `last` link or the followers asked for can justify.
  ///
  /// The value says what the server did, such as "page 3 links back to page 2, a page already
  /// fetched".
  case paginationStopped(String)
  /// The server failed (HTTP 5xx) and asked, with `Retry-After`, to be asked again later than
  /// the client waits (``GitHubClient/Configuration/maxRetryWait``): it failed at once, without
  /// retrying.
  case serverUnavailable(status: Int, retryAfter: Duration)
  /// The API answered with a redirect (`status`) to another origin (`location`, its
  /// `scheme://host:port`), which this client refuses for every method, as it refuses a `Link`
  /// to another origin: it was not followed, and nothing was sent there.
  case redirectRefused(status: Int, location: String)

  /// What happened and what to do about it.
  public var description: String {
    switch self {
    case .invalidUsername(let name, let reason):
      return "\(Self.quoted(name)) is not a valid GitHub username: \(reason). "
        + "Usernames are 1 to 39 characters: ASCII letters, digits and hyphens."
    case .notFound(let resource):
      if resource.contains("/") {
        return "GitHub found nothing at \(Self.quoted(resource)) (HTTP 404). "
          + "Check the API URL; a GitHub Enterprise server's API lives under /api/v3."
      }
      return "GitHub has no user \(Self.quoted(resource)) (HTTP 404). "
        + "Check the spelling; renamed and deleted accounts are not found either."
    case .badCredentials:
      return "GitHub rejected the token (HTTP 401 Bad credentials). "
        + "Check GITHUB_TOKEN (or GH_TOKEN): it may be mistyped, expired or revoked; "
        + "unset it to make unauthenticated requests."
    case .rateLimited(let resetAt, let authenticated):
      var text = "GitHub's API rate limit is exhausted"
      if let resetAt {
        text += "; " + Self.resetPhrase(resetAt, now: Date())
      }
      if authenticated {
        text +=
          resetAt == nil
          ? ". Wait for the hourly reset: the token's limit is 5,000 requests an hour."
          : ". Wait until then: the token's limit is 5,000 requests an hour."
      } else {
        text += ". Set GITHUB_TOKEN to raise the limit from 60 to 5,000 requests an hour."
      }
      return text
    case .secondaryRateLimit(let retryAfter):
      let wait = retryAfter.map { "wait \(Self.spoken($0))" } ?? "wait at least a minute"
      return "GitHub's secondary rate limit was hit (too many requests in a short time); "
        + "\(wait) before trying again, and make fewer requests at once."
    case .serverError(let status, let retries):
      let tries =
        switch retries {
        case ...0: "; the request was not retried"
        case 1: ", still after 1 retry"
        default: ", still after \(retries) retries"
        }
      return "GitHub answered with a server error (HTTP \(status))\(tries). "
        + "This is usually temporary: try again in a few minutes, and see https://www.githubstatus.com."
    case .undecodableResponse(let detail):
      let sentence = detail.hasSuffix(".") ? detail : detail + "."
      return "GitHub's response could not be read: \(sentence) "
        + "Check that the API URL points to a GitHub REST API (not a web page or a proxy)."
    case .transport(let message):
      return "\(message). Check the network connection and the API URL, then try again."
    case .timeout:
      return "GitHub did not send its whole answer in time. "
        + "Check the network connection and the API URL, or try again later with a longer timeout (--timeout)."
    case .unexpectedStatus(let status, let message):
      var text = "GitHub answered with HTTP \(status)"
      if let message, !message.isEmpty { text += " (\(message))" }
      if (300...399).contains(status) {
        return text + ", a redirect this client does not follow. Check the API URL."
      }
      return text + ", which this client does not handle. Check the API URL and the request, then try again."
    case .paginationStopped(let reason):
      return "Stopped following the server's pages: \(reason). "
        + "Its pagination cannot be trusted; check the API URL, or try again later."
    case .serverUnavailable(let status, let retryAfter):
      return "GitHub answered with a server error (HTTP \(status)) and asked to be asked again in "
        + "\(Self.spoken(retryAfter)), longer than this client waits, so it did not retry. "
        + "Try again after that, and see https://www.githubstatus.com."
    case .redirectRefused(let status, let location):
      return "GitHub answered with HTTP \(status), a redirect to \(location), which is not the API's origin; "
        + "it was not followed, and nothing was sent there. "
        + "Check the API URL (--api-url): if the API really moved, use its new address."
    }
  }

  /// The same as ``description``, for `localizedDescription`.
  public var errorDescription: String? { description }

  /// Whether waiting and trying the same request again may succeed.
  ///
  /// True for ``serverError(status:retries:)``, ``serverUnavailable(status:retryAfter:)``, ``timeout``
  /// and ``secondaryRateLimit(retryAfter:)``;
  /// false for a client error, a primary rate limit (it resets at ``rateLimited(resetAt:authenticated:)``'s
  /// time) and everything else.
  public var isTransient: Bool {
    switch self {
    case .serverError, .serverUnavailable, .timeout, .secondaryRateLimit: true
    default: false
    }
  }

  // MARK: - Formatting

  /// A name in quotes, escaped (newlines shown as `\n`) and cut to 60 characters.
  static func quoted(_ text: String) -> String {
    let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
    return String(reflecting: shown)
  }

  /// "it resets at 14:05 UTC (in 12 minutes)".
  static func resetPhrase(_ resetAt: Date, now: Date) -> String {
    let seconds = resetAt.timeIntervalSince(now)
    guard seconds > 0 else { return "it reset at \(clockTime(resetAt, now: now)), so try again now" }
    return "it resets at \(clockTime(resetAt, now: now)) (in \(spoken(seconds: seconds)))"
  }

  /// "14:05 UTC", or "2026-11-23 14:05 UTC" when more than a day away.
  static func clockTime(_ date: Date, now: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    let time = String(format: "%02d:%02d UTC", parts.hour ?? 0, parts.minute ?? 0)
    if abs(date.timeIntervalSince(now)) < 24 * 3600 { return time }
    return String(format: "%04d-%02d-%02d ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0) + time
  }

  /// "1 second", "40 seconds", "1 minute", "12 minutes", "2 hours".
  static func spoken(seconds: TimeInterval) -> String {
    let whole = seconds.isFinite ? Int(seconds.rounded(.up).clamped(to: 0...1e12)) : 0
    if whole < 60 { return whole == 1 ? "1 second" : "\(whole) seconds" }
    let minutes = Int((Double(whole) / 60).rounded())
    if minutes < 120 { return minutes == 1 ? "1 minute" : "\(minutes) minutes" }
    return "\(Int((Double(minutes) / 60).rounded())) hours"
  }

  static func spoken(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return spoken(seconds: TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18)
  }
}

extension Comparable {
  fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
    min(max(self, range.lowerBound), range.upperBound)
  }
}
