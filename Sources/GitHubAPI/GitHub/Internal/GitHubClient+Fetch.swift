import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What to do after a failed attempt.
enum RetryAdvice: Equatable {
  /// Fail with the error.
  case never
  /// Wait with exponential backoff, then try again.
  case backoff
  /// Wait this long (GitHub's `Retry-After`), then try again.
  case after(Duration)
}

/// The result of one attempt: a usable response, or an error with retry advice.
enum AttemptOutcome {
  case response(HTTPResponse)
  case failure(GitHubError, RetryAdvice)
}

extension GitHubClient {
  static let maxRedirects = 5
  static let acceptHeader = "application/vnd.github+json"
  static let apiVersion = "2022-11-28"
  /// GitHub's advice when a secondary rate limit comes without `Retry-After`.
  static let secondaryRateLimitDefaultWait = Duration.seconds(60)

  /// Sends a `GET` with retries, redirects and conditional requests, and returns a 2xx
  /// (or the cached 2xx for a 304).
  ///
  /// - Parameters:
  ///   - request: The request; its path is resolved against the base URL.
  ///   - resource: What a 404 names: a login or a path.
  func fetch(_ request: HTTPRequest, resource: String) async throws -> HTTPResponse {
    let url: URL
    do {
      url = try request.url(relativeTo: configuration.baseURL)
    } catch {
      throw GitHubError.transport(redact(error.message))
    }
    guard Self.isHTTP(url) else {
      throw GitHubError.transport(
        "Refusing to request \(redact(url.absoluteString)): only http and https URLs are supported")
    }
    var retries = 0
    while true {
      try Task.checkCancellation()
      let outcome = try await attempt(url, method: request.method, extraHeaders: request.headers, resource: resource)
      switch outcome {
      case .response(let response):
        return response
      case .failure(let error, let advice):
        // A 5xx whose Retry-After is longer than we wait fails at once, and says it was not retried.
        if case .serverError(let status, _) = error, case .after(let wait) = advice, wait > configuration.maxRetryWait {
          throw GitHubError.serverUnavailable(status: status, retryAfter: wait)
        }
        guard retries < max(0, configuration.maxRetries) else { throw Self.error(error, afterRetries: retries) }
        let delay: Duration
        switch advice {
        case .never: throw error
        case .backoff: delay = Self.backoff(forRetry: retries)
        case .after(let wait): delay = max(.zero, wait)
        }
        guard delay <= configuration.maxRetryWait else { throw Self.error(error, afterRetries: retries) }
        configuration.onRetryWait?(RetryWait(reason: error, delay: delay, retry: retries + 1, url: url))
        try await configuration.clock.sleep(for: delay)
        retries += 1
      }
    }
  }

  /// The error a request ends with: a server error says how many times it was retried.
  static func error(_ error: GitHubError, afterRetries retries: Int) -> GitHubError {
    guard case .serverError(let status, _) = error else { return error }
    return .serverError(status: status, retries: retries)
  }

  /// About 1 s, 2 s, 4 s, ... (± 20 %), capped at five minutes.
  static func backoff(forRetry retry: Int) -> Duration {
    let base = min(pow(2, Double(min(retry, 20))), 300)
    return .milliseconds(Int64((base * Double.random(in: 0.8...1.2) * 1000).rounded()))
  }

  /// One attempt: the request, then any redirects, each hop deciding on its own whether the
  /// token may be sent.
  private func attempt(
    _ url: URL, method: HTTPMethod, extraHeaders: [String: String], resource: String
  ) async throws -> AttemptOutcome {
    var current = url
    var lastStatus = 0
    for _ in 0...Self.maxRedirects {
      let token = configuration.effectiveToken.flatMap { Self.sameOrigin(current, configuration.baseURL) ? $0 : nil }
      var request = HTTPRequest.get(url: current)
      request.method = method
      for (name, value) in extraHeaders {
        request = request.header(name, value)
      }
      request =
        request
        .header("Accept", Self.acceptHeader)
        .header("X-GitHub-Api-Version", Self.apiVersion)
        .header("User-Agent", configuration.userAgent)
        .removingHeader("Authorization")
      if let token {
        request = request.header("Authorization", "Bearer \(token)")
      }
      let key = ResponseCache.Key(url: current.absoluteString, authenticated: token != nil)
      if method == .get, let fresh = await cache.freshResponse(for: key) {
        return .response(fresh)
      }
      let cached = method == .get ? await cache.entry(for: key) : nil
      if let cached {
        request = request.header("If-None-Match", cached.etag)
      }

      let response: HTTPResponse
      do {
        response = try await httpClient.send(request)
      } catch is CancellationError {
        throw CancellationError()
      } catch let error as URLError {
        if error.code == .cancelled || Task.isCancelled { throw CancellationError() }
        return Self.outcome(for: error, url: current, redact: redact)
      } catch {
        if Task.isCancelled { throw CancellationError() }
        return .failure(.transport(redact("The request to \(Self.hostAndPort(current)) failed: \(error)")), .never)
      }
      try Task.checkCancellation()
      if let rateLimit = RateLimit(response: response) {
        await cache.record(rateLimit)
      }
      lastStatus = response.statusCode

      switch response.statusCode {
      case 200...299:
        if method == .get, let etag = response.value(forHTTPHeaderField: "ETag"), !etag.isEmpty {
          await cache.store(response, etag: etag, for: key)
        } else if cached != nil {
          await cache.remove(key)
        }
        return .response(response)
      case 304:
        if let cached {
          await cache.revalidated(key)
          return .response(cached.response)
        }
        return .failure(.unexpectedStatus(304, message: "Not Modified, but this client has no copy cached"), .never)
      case 301, 302, 303, 307, 308:
        guard let location = response.value(forHTTPHeaderField: "Location"),
          let next = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: current)?.absoluteURL,
          Self.isHTTP(next)
        else {
          return .failure(
            .unexpectedStatus(response.statusCode, message: "a redirect without a usable Location header"), .never)
        }
        // As with a `Link`: a redirect that leaves the API's origin is not followed, whatever
        // the method, so nothing (no token, no follow) is sent there and nothing comes from there.
        guard Self.sameOrigin(next, configuration.baseURL) else {
          return .failure(
            .redirectRefused(status: response.statusCode, location: redact(Self.origin(of: next))), .never)
        }
        current = next
      default:
        let (error, advice) = Self.error(for: response, resource: resource, authenticated: token != nil)
        return .failure(redacted(error), advice)
      }
    }
    return .failure(.unexpectedStatus(lastStatus, message: "more than \(Self.maxRedirects) redirects in a row"), .never)
  }

  // MARK: - URLs

  static func isHTTP(_ url: URL) -> Bool {
    guard let scheme = url.scheme?.lowercased() else { return false }
    return (scheme == "http" || scheme == "https") && !(url.host ?? "").isEmpty
  }

  /// Whether two URLs have the same scheme, host and port (default ports filled in).
  static func sameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
    guard let lhsScheme = lhs.scheme?.lowercased(), let rhsScheme = rhs.scheme?.lowercased(),
      let lhsHost = lhs.host?.lowercased(), let rhsHost = rhs.host?.lowercased()
    else { return false }
    return lhsScheme == rhsScheme && lhsHost == rhsHost && effectivePort(lhs) == effectivePort(rhs)
  }

  static func effectivePort(_ url: URL) -> Int? {
    if let port = url.port { return port }
    switch url.scheme?.lowercased() {
    case "https": return 443
    case "http": return 80
    default: return nil
    }
  }

  /// `host:port`, the port filled in from the scheme when the URL has none.
  static func hostAndPort(_ url: URL) -> String {
    let host = url.host ?? url.absoluteString
    return effectivePort(url).map { "\(host):\($0)" } ?? host
  }

  // MARK: - Redaction

  /// The text with every occurrence of the token replaced by `<redacted>`.
  func redact(_ text: String) -> String {
    guard let token = configuration.effectiveToken else { return text }
    return text.replacingOccurrences(of: token, with: "<redacted>")
  }

  func redacted(_ error: GitHubError) -> GitHubError {
    switch error {
    case .unexpectedStatus(let status, let message): .unexpectedStatus(status, message: message.map(redact))
    case .undecodableResponse(let detail): .undecodableResponse(redact(detail))
    case .transport(let message): .transport(redact(message))
    case .notFound(let resource): .notFound(redact(resource))
    case .paginationStopped(let reason): .paginationStopped(redact(reason))
    default: error
    }
  }
}
