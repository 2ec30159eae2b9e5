import Foundation

/// The GitHub REST routes the server answers when no handler or override does.
extension ServerCore {
  /// Answers `request` the way api.github.com would.
  ///
  /// - `GET /users/{login}`: the profile.
  /// - `GET /users/{login}/followers?per_page=&page=`: a page of followers with a `Link` header.
  /// - `GET /search/users?q=`: users whose login contains every search term.
  /// - `PUT`/`DELETE /user/following/{login}`: 204 with a token, GitHub's 401 without one.
  /// - Anything else: GitHub's 404.
  func route(_ request: FakeRequest) -> FakeResponse {
    var segments = request.path.split(separator: "/", omittingEmptySubsequences: false).map {
      PercentEncoding.decode($0) ?? String($0)
    }
    // "/users/x" splits into ["", "users", "x"]; tolerate one trailing slash.
    if segments.count > 2, segments.last == "" { segments.removeLast() }
    if let following = followingResponse(request, segments: segments) { return following }
    guard request.method == "GET", segments.first == "" else {
      return gitHubResponse(.notFound(), request: request, resource: "core")
    }
    switch (segments.count, segments.count > 1 ? segments[1] : "") {
    case (3, "users"):
      guard let user = user(segments[2]) else { return gitHubResponse(.notFound(), request: request, resource: "core") }
      return success(GitHubJSON.profile(user, apiBase: base), request: request, resource: "core")
    case (4, "users") where segments[3] == "followers":
      guard let user = user(segments[2]) else { return gitHubResponse(.notFound(), request: request, resource: "core") }
      let page = Pagination(request.queryItems, total: user.followers, paging: user.paging)
      let key = "\(user.login.lowercased()) \(page.range.lowerBound) \(page.range.upperBound)"
      let cached = state.withLock { $0.followerPages[key] }
      let (body, etag) =
        cached
        ?? {
          let json = GitHubJSON.followers(
            of: user, range: page.range.lowerBound + 1..<page.range.upperBound + 1, apiBase: base)
          let body = Data(json.utf8)
          let entry = (body: body, etag: GitHubJSON.etag(for: body))
          state.withLock { $0.keepFollowerPage(entry, for: key) }
          return entry
        }()
      return success(
        body: body, etag: etag, request: request, resource: "core", link: page.linkHeader(base: base, request: request))
    case (3, "search") where segments[2] == "users":
      let terms = (request.queryItems["q"] ?? "").split(whereSeparator: \.isWhitespace)
        .filter { !$0.contains(":") }
        .map { $0.lowercased() }
      guard request.queryItems["q"].map({ !$0.trimmingHTTPWhitespace().isEmpty }) ?? false else {
        return gitHubResponse(
          .gitHubJSON(422, GitHubJSON.searchValidationFailedBody), request: request, resource: "search")
      }
      let matches = state.withLock { state in
        state.userOrder.compactMap { key in
          terms.allSatisfy { key.contains($0) } ? state.users[key] : nil
        }
      }
      let page = Pagination(request.queryItems, total: matches.count)
      let json = GitHubJSON.search(total: matches.count, page: matches[page.range], apiBase: base)
      return success(json, request: request, resource: "search", link: page.linkHeader(base: base, request: request))
    default:
      return gitHubResponse(.notFound(), request: request, resource: "core")
    }
  }

  private func user(_ login: String) -> FakeUser? {
    state.withLock { $0.users[login.lowercased()] }
  }

  /// A 200 with GitHub's headers, or a 304 when the client already has this exact body.
  private func success(_ json: String, request: FakeRequest, resource: String, link: String? = nil) -> FakeResponse {
    let body = Data(json.utf8)
    return success(body: body, etag: GitHubJSON.etag(for: body), request: request, resource: resource, link: link)
  }

  /// A 200 with GitHub's headers for a body whose ETag is known, or a 304 when the client has it.
  private func success(
    body: Data, etag: String, request: FakeRequest, resource: String, link: String? = nil
  ) -> FakeResponse {
    var headers: [(String, String)] = [
      ("Content-Type", "application/json; charset=utf-8"),
      (
        "Cache-Control",
        request.header("authorization") == nil ? "public, max-age=60, s-maxage=60" : "private, max-age=60, s-maxage=60"
      ),
      ("Vary", "Accept, Authorization, Cookie, X-GitHub-OTP,Accept-Encoding, Accept, X-Requested-With"),
      ("ETag", etag),
    ]
    if let link { headers.append(("Link", link)) }
    if let candidates = request.header("if-none-match"), Self.etag(etag, matchesAnyOf: candidates) {
      // GitHub does not count conditional requests answered with 304 against the quota.
      return gitHubResponse(
        FakeResponse(status: 304, headers: headers), request: request, resource: resource, counts: false)
    }
    return gitHubResponse(FakeResponse(status: 200, headers: headers, body: body), request: request, resource: resource)
  }

  /// Adds the headers every api.github.com answer carries, counting the request against
  /// the rate-limit `resource` unless `counts` is false.
  private func gitHubResponse(
    _ response: FakeResponse, request: FakeRequest, resource: String, counts: Bool = true
  ) -> FakeResponse {
    let authenticated = request.header("authorization") != nil
    let limit =
      switch (resource, authenticated) {
      case ("search", false): 10
      case ("search", true): 30
      case (_, false): 60
      case (_, true): 5_000
      }
    let used = state.withLock { state -> Int in
      if counts { state.rateLimitUsed[resource, default: 0] += 1 }
      return state.rateLimitUsed[resource, default: 0]
    }
    var response = response
    if !response.headers.contains(where: { $0.0 == "x-github-media-type" }) {
      response.headers.append(("x-github-media-type", "github.v3; format=json"))
    }
    response.headers += [
      ("x-github-api-version-selected", "2022-11-28"),
      ("x-ratelimit-limit", String(limit)),
      ("x-ratelimit-remaining", String(max(0, limit - used))),
      ("x-ratelimit-reset", String(rateLimitReset)),
      ("x-ratelimit-used", String(used)),
      ("x-ratelimit-resource", resource),
      ("Server", "github.com"),
    ]
    return response
  }

  /// Weak comparison (RFC 9110 §8.8.3.2) of `etag` against an `If-None-Match` list.
  static func etag(_ etag: String, matchesAnyOf candidates: String) -> Bool {
    func opaque(_ tag: Substring) -> Substring {
      let trimmed = tag.trimmingHTTPWhitespace()
      return trimmed.hasPrefix("W/") ? Substring(trimmed.dropFirst(2)) : Substring(trimmed)
    }
    if candidates.trimmingHTTPWhitespace() == "*" { return true }
    let mine = opaque(Substring(etag))
    return candidates.split(separator: ",").contains { opaque($0) == mine }
  }
}

/// GitHub's reading of `per_page` and `page`, and the `Link` header it answers with (or
/// another server's, as ``FakePaging`` says).
struct Pagination {
  /// Items per page: 30 unless `per_page` is a positive number; at most 100 (or the rows of
  /// ``FakePaging/ignoringPerPage(rows:)``).
  let perPage: Int
  /// The 1-based page: 1 unless `page` is a positive number.
  let page: Int
  /// The last page (at least 1, so an empty list has one empty page).
  let lastPage: Int
  /// The zero-based indices of the items on this page (empty beyond the last page).
  let range: Range<Int>
  /// Whether the last page links back to the first (``FakePaging/cyclingToFirstPage``).
  let cycles: Bool

  init(_ query: [String: String], total: Int, paging: FakePaging = .github) {
    // Like Ruby's `to_i`, which GitHub uses: leading digits count, anything else is 0.
    let perPage = Self.leadingInteger(query["per_page"])
    let page = Self.leadingInteger(query["page"])
    if case .ignoringPerPage(let rows) = paging {
      self.perPage = max(1, rows)
    } else {
      self.perPage = perPage < 1 ? 30 : min(perPage, 100)
    }
    self.cycles = paging == .cyclingToFirstPage
    self.page = page < 1 ? 1 : page
    self.lastPage = max(1, (total + self.perPage - 1) / self.perPage)
    let (start, overflow) = (self.page - 1).multipliedReportingOverflow(by: self.perPage)
    let lower = overflow ? total : min(start, total)
    self.range = lower..<min(lower + self.perPage, total)
  }

  /// The `Link` header value (prev, next, last, first as GitHub orders them), or `nil` when
  /// there is only one page and this is it. When ``cycles``, the last page's `next` is page 1.
  func linkHeader(base: String, request: FakeRequest) -> String? {
    var links: [String] = []
    if page > 1 { links.append(link(to: page - 1, rel: "prev", base: base, request: request)) }
    if page < lastPage {
      links.append(link(to: page + 1, rel: "next", base: base, request: request))
      links.append(link(to: lastPage, rel: "last", base: base, request: request))
    } else if cycles, page == lastPage, lastPage > 1 {
      links.append(link(to: 1, rel: "next", base: base, request: request))
    }
    if page > 1 { links.append(link(to: 1, rel: "first", base: base, request: request)) }
    return links.isEmpty ? nil : links.joined(separator: ", ")
  }

  /// `<base + path + query-with-page>; rel="..."`: the request's own query, in its order and
  /// encoding, with `page` replaced (or appended when absent).
  private func link(to target: Int, rel: String, base: String, request: FakeRequest) -> String {
    let rawQuery = FakeRequest.split(request.target).query ?? ""
    var pairs: [String] = []
    var replaced = false
    for pair in rawQuery.split(separator: "&") {
      guard pair == "page" || pair.hasPrefix("page=") else {
        pairs.append(String(pair))
        continue
      }
      if !replaced { pairs.append("page=\(target)") }
      replaced = true
    }
    if !replaced { pairs.append("page=\(target)") }
    return "<\(base)\(request.path)?\(pairs.joined(separator: "&"))>; rel=\"\(rel)\""
  }

  private static func leadingInteger(_ text: String?) -> Int {
    guard let text else { return 0 }
    let trimmed = text.drop { $0 == " " }
    let negative = trimmed.first == "-"
    let digits = (negative || trimmed.first == "+" ? trimmed.dropFirst() : trimmed).prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, !negative else { return 0 }
    return Int(digits) ?? Int.max / 2
  }
}

extension ServerCore {
  /// Follow and unfollow: `PUT`/`DELETE /user/following/{login}`, which need a token.
  private func followingResponse(_ request: FakeRequest, segments: [String]) -> FakeResponse? {
    guard request.method == "PUT" || request.method == "DELETE", segments.count == 4, segments[1] == "user",
      segments[2] == "following"
    else { return nil }
    guard request.headers["authorization"] != nil else { return .badCredentials() }
    return FakeResponse(status: 204)
  }
}
