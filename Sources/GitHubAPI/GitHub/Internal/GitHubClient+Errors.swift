import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension GitHubClient {
  /// The error for a non-2xx, non-304, non-redirect response, and whether to retry it.
  ///
  /// - 401 → bad credentials; 404 → not found.
  /// - 403/429 with `x-ratelimit-remaining: 0` → primary rate limit (never retried: it
  ///   resets at `x-ratelimit-reset`); with `Retry-After`, or a body that mentions a
  ///   secondary rate limit, or any 429 → secondary rate limit (retried after the wait).
  /// - 5xx → server error, retried (after `Retry-After` when sent, else with backoff).
  /// - Anything else → unexpected status with GitHub's message.
  static func error(
    for response: HTTPResponse, resource: String, authenticated: Bool, now: Date = Date()
  ) -> (GitHubError, RetryAdvice) {
    let status = response.statusCode
    let message = bodySummary(response)
    let retryAfter = retryAfter(response.value(forHTTPHeaderField: "Retry-After"), now: now)
    switch status {
    case 401:
      return (.badCredentials, .never)
    case 403, 429:
      if let remaining = RateLimit.integer(response.value(forHTTPHeaderField: "x-ratelimit-remaining")),
        remaining <= 0
      {
        let reset = RateLimit.epochDate(response.value(forHTTPHeaderField: "x-ratelimit-reset"))
        return (.rateLimited(resetAt: reset, authenticated: authenticated), .never)
      }
      if let retryAfter {
        return (.secondaryRateLimit(retryAfter: retryAfter), .after(retryAfter))
      }
      let mentionsSecondary = message?.range(of: "secondary rate limit", options: .caseInsensitive) != nil
      if mentionsSecondary || status == 429 {
        return (.secondaryRateLimit(retryAfter: nil), .after(secondaryRateLimitDefaultWait))
      }
      return (.unexpectedStatus(status, message: message), .never)
    case 404:
      return (.notFound(resource), .never)
    case 500...599:
      return (.serverError(status: status), retryAfter.map(RetryAdvice.after) ?? .backoff)
    default:
      return (.unexpectedStatus(status, message: message), .never)
    }
  }

  /// `Retry-After` as a wait: delta-seconds (`120`) or an HTTP date.
  static func retryAfter(_ value: String?, now: Date) -> Duration? {
    guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
    if let seconds = Int64(value) {
      return seconds >= 0 ? .seconds(min(seconds, 1_000_000_000)) : nil
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: value) else { return nil }
    let seconds = max(0, min(date.timeIntervalSince(now), 1e9))
    return .milliseconds(Int64((seconds * 1000).rounded(.up)))
  }

  /// GitHub's `message` field, an HTML page's title, or the start of a text body, on one line
  /// and at most 200 characters; `nil` for an empty body.
  static func bodySummary(_ response: HTTPResponse) -> String? {
    guard !response.body.isEmpty else { return nil }
    if let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
      let message = object["message"] as? String, !message.isEmpty
    {
      return oneLine(message)
    }
    let text = String(decoding: response.body.prefix(64 * 1024), as: UTF8.self)
    let contentType = response.value(forHTTPHeaderField: "Content-Type")?.lowercased() ?? ""
    if contentType.contains("html") || text.range(of: "<html", options: .caseInsensitive) != nil {
      if let open = text.range(of: "<title>", options: .caseInsensitive),
        let close = text.range(of: "</title>", options: .caseInsensitive, range: open.upperBound..<text.endIndex)
      {
        // The title gets what is left of the 200 characters after the 22 of the wrapping.
        let title = oneLine(String(text[open.upperBound..<close.lowerBound]), limit: 200 - 22)
        if !title.isEmpty { return "an HTML page titled \"\(title)\"" }
      }
      return "an HTML page, not JSON"
    }
    let summary = oneLine(text)
    return summary.isEmpty ? nil : summary
  }

  static func oneLine(_ text: String, limit: Int = 200) -> String {
    let collapsed = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    return collapsed.count > limit ? String(collapsed.prefix(limit)) + "…" : collapsed
  }

  // MARK: - Transport errors

  /// `URLError` → ``GitHubError/timeout`` or ``GitHubError/transport(_:)`` with our own words.
  static func outcome(for error: URLError, url: URL, redact: (String) -> String) -> AttemptOutcome {
    let place = hostAndPort(url)
    let host = url.host ?? place
    if let fault = serverFault(in: error, place: place) {
      return .failure(.transport(redact(fault)), .never)
    }
    switch error.code {
    case .timedOut:
      // The whole request ran out of the time it was given: trying again would double the wait
      // the user allowed (`--timeout`), so it is reported at once.
      return .failure(.timeout, .never)
    case .networkConnectionLost:
      return .failure(.transport("The connection to \(place) was lost before the response was complete"), .backoff)
    case .cannotConnectToHost:
      return .failure(.transport("Could not connect to \(place) (connection refused)"), .never)
    case .cannotFindHost, .dnsLookupFailed:
      return .failure(.transport("Could not find the host \(host) (DNS lookup failed)"), .never)
    case .notConnectedToInternet:
      return .failure(.transport("This computer is not connected to the internet"), .never)
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
      .clientCertificateRequired:
      return .failure(.transport("A secure (TLS) connection to \(place) could not be made"), .never)
    case .badServerResponse, .cannotParseResponse, .zeroByteResource:
      return .failure(
        .transport("\(place) closed the connection or sent something that is not a valid HTTP response"), .never)
    case .badURL, .unsupportedURL:
      return .failure(.transport("The URL \(redact(url.absoluteString)) is not a supported http(s) URL"), .never)
    case .httpTooManyRedirects, .redirectToNonExistentLocation:
      return .failure(.transport("\(place) redirected too often or to nowhere"), .never)
    case .dataLengthExceedsMaximum:
      return .failure(.transport("The response from \(place) is too large"), .never)
    default:
      return .failure(.transport("The request to \(place) failed (URLError \(error.code.rawValue))"), .never)
    }
  }
}
