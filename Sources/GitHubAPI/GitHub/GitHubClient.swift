import Foundation

/// A client for the parts of GitHub's REST API that the followers feature needs.
///
/// It takes logins as ``GitHubUsername``s (checked where their text came in, and not checked
/// again), sends GitHub's recommended headers, follows
/// `Link` pagination as given, makes conditional requests (a `304 Not Modified` is served from
/// its cache and does not count against the rate limit), retries what is worth retrying, and
/// turns every failure into a ``GitHubError`` that says what to do.
///
/// ```swift
/// let client = GitHubClient(configuration: .init(
///   token: GitHubClient.Configuration.token(fromEnvironment: ProcessInfo.processInfo.environment)
/// ))
/// for try await page in client.allFollowers(of: "octocat", perPage: 100, concurrency: 1) {
///   for follower in page.followers { print(follower.login) }
/// }
/// ```
///
/// Copies share one response cache, so a copy captured by a task still benefits from the
/// conditional requests of the original.
///
/// > Important: Only `GET` requests are made, and only they are retried: 5xx and dropped
/// > connections with exponential backoff (about 1 s, 2 s, 4 s), a secondary rate limit after its
/// > `Retry-After`. A request that runs out of its time (the HTTP client's `timeout`) is not.
/// > A primary rate limit fails at once with its reset time, and a 4xx is never retried.
/// > Cancelling the calling task stops everything at once, waits included.
public struct GitHubClient: FollowersService {
  /// The base URL, token, user agent and retry settings in use.
  public let configuration: Configuration

  let httpClient: any HTTPClient
  let cache: ResponseCache

  /// Creates a client.
  ///
  /// - Parameters:
  ///   - configuration: Base URL, token, user agent, retries and clock.
  ///   - httpClient: What sends the requests; a new `DefaultHTTPClient` by default.
  public init(configuration: Configuration = .init(), httpClient: any HTTPClient = DefaultHTTPClient()) {
    self.configuration = configuration
    self.httpClient = httpClient
    self.cache = ResponseCache(disk: configuration.diskCache, token: configuration.effectiveToken)
  }

  /// One page of a user's followers (`GET /users/{username}/followers`).
  ///
  /// - Parameters:
  ///   - user: The login.
  ///   - page: The page number from 1; smaller values ask for page 1.
  ///   - perPage: Followers per page, 1 to 100 (values outside are clamped).
  /// - Returns: The page with its `Link` URLs.
  /// - Throws: ``GitHubError`` (``GitHubError/notFound(_:)`` for an unknown user, ...), or
  ///   `CancellationError`.
  public func followers(of user: GitHubUsername, page: Int, perPage: Int) async throws -> FollowersPage {
    let login = user.rawValue
    let page = max(1, page)
    let request = HTTPRequest.get("/users/\(login)/followers")
      .query("per_page", String(min(max(perPage, 1), 100)))
      .query("page", String(page))
    let response = try await fetch(request, resource: login)
    return try makePage(from: response, page: page, at: try? request.url(relativeTo: configuration.baseURL))
  }

  /// The page of followers at a `Link` URL, requested exactly as given.
  ///
  /// The page number is read from the URL's `page` query item (1 when there is none). A link
  /// from a server is untrusted: a URL that leaves the API's origin (the base URL's scheme,
  /// host and port) is refused before anything is sent.
  ///
  /// - Parameter url: A ``FollowersPage/next`` or ``FollowersPage/last`` URL.
  /// - Returns: The page.
  /// - Throws: ``GitHubError/paginationStopped(_:)`` for a URL on another origin, other
  ///   ``GitHubError``s, or `CancellationError`.
  public func followersPage(at url: URL) async throws -> FollowersPage {
    guard Self.sameOrigin(url, configuration.baseURL) else {
      let there = Self.isHTTP(url) ? Self.origin(of: url) : "\"\(String(url.absoluteString.prefix(80)))\""
      throw GitHubError.paginationStopped(
        redact(
          "a page link leads to \(there), not to the API at \(Self.origin(of: configuration.baseURL)); "
            + "it was not followed, and nothing was sent there"))
    }
    let response = try await fetch(.get(url: url), resource: Self.resourceName(for: url))
    return try makePage(from: response, page: LinkHeader.pageNumber(in: url) ?? 1, at: url)
  }

  /// A user's public profile (`GET /users/{username}`).
  ///
  /// - Parameter user: The login.
  /// - Returns: The profile.
  /// - Throws: ``GitHubError``, or `CancellationError`.
  public func profile(of user: GitHubUsername) async throws -> UserProfile {
    let login = user.rawValue
    let response = try await fetch(.get("/users/\(login)"), resource: login)
    return try decode(UserProfile.self, from: response, what: "the user profile")
  }

  /// Searches users by login, name or email (`GET /search/users?q=`).
  ///
  /// The query is sent as typed, so GitHub's qualifiers work: `"octo type:org followers:>100"`.
  /// Search has its own, smaller rate limit (10 a minute without a token).
  ///
  /// - Parameter query: The search query.
  /// - Returns: The first page of matches, best first.
  /// - Throws: ``GitHubError`` (an empty query is GitHub's HTTP 422,
  ///   ``GitHubError/unexpectedStatus(_:message:)``), or `CancellationError`.
  public func searchUsers(_ query: String) async throws -> UserSearchResult {
    let response = try await fetch(.get("/search/users").query("q", query), resource: "/search/users")
    return try decode(UserSearchResult.self, from: response, what: "the search result")
  }

  /// The rate-limit counters of the last response that carried them, from any copy of this
  /// client.
  ///
  /// - Returns: The counters, or `nil` before the first response.
  public func latestRateLimit() async -> RateLimit? {
    await cache.latestRateLimit
  }

  // MARK: - Helpers

  /// The page in `response`, requested at `url`.
  private func makePage(from response: HTTPResponse, page: Int, at url: URL?) throws(GitHubError) -> FollowersPage {
    // The scanner reads GitHub's plain form; JSONDecoder everything else, and says what is wrong.
    let followers: [Follower]
    if let scanned = FollowerPageScanner.followers(in: response.body) {
      followers = scanned
    } else {
      followers = try decode([Follower].self, from: response, what: "the list of followers")
    }
    let link = LinkHeader(parsing: response.value(forHTTPHeaderField: "Link"))
    var result = FollowersPage(
      followers: followers, next: link.next, last: link.last, page: page,
      lastPage: link.lastPage ?? (link.next == nil ? page : nil))
    // What names a page already fetched: this one, and the pages the server says precede it.
    result.fetchedPageURLs = [url, link.prev, link.first].compactMap { $0 }
    return result
  }

  /// `scheme://host:port` of a URL, the port filled in from the scheme.
  static func origin(of url: URL) -> String {
    "\(url.scheme?.lowercased() ?? "?")://\(hostAndPort(url))"
  }

  /// The login in `/users/{login}/...`, or the URL's path for any other URL.
  ///
  /// The URL is a server's: its login segment is checked here, where it comes in, and used
  /// only when it is a possible login.
  static func resourceName(for url: URL) -> String {
    let segments = url.path.split(separator: "/").map(String.init)
    if let index = segments.lastIndex(of: "users"), index + 1 < segments.count,
      GitHubUsername.isValid(segments[index + 1])
    {
      return segments[index + 1]
    }
    return url.path.isEmpty ? url.absoluteString : url.path
  }
}
