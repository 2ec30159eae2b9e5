import Foundation

/// The one paging loop: which page comes next, the pages being fetched ahead in parallel mode,
/// and what the server's pages have claimed so far. Behind
/// ``FollowersService/allFollowers(of:perPage:concurrency:limit:maxPages:)`` (the CLI's
/// `followers --all`), and behind `FollowersViewModel`'s pages one at a time (`browse`), so both
/// stop in the same places.
///
/// Each ``next()`` is one step; steps run one after another even when called concurrently, in
/// the order called. A step runs in a task of its own that the caller's cancellation cancels;
/// pages fetched ahead run in child tasks that are cancelled with it, when a page fails, and
/// when the pager is released (deinit). In serial mode a step that fails for any reason but an
/// untrusted page (a dropped connection, an HTTP 503, a cancellation) changes nothing, so the
/// next step asks for the same page again: what a retry needs.
///
/// A server's pages are untrusted. Paging ends normally after the last page, once `limit`
/// new followers have been delivered, or after `maxPages` pages. It stops with
/// ``GitHubError/paginationStopped(_:)``, before sending anything more, when:
///
/// - a `next` link points to a page already fetched (a cycle): the first page, a `next` link
///   followed before, or a page the server named as `prev` or `first` of one it sent (compared
///   with the query's items in any order), or it points away from the origin of the `next`
///   links followed before it;
/// - a page is empty but links to a next page, or is empty before the `last` page it claimed;
/// - a page adds no follower not already delivered (it repeats an earlier page);
/// - one more request would exceed what the first page's `last` link (its number, plus one for
///   followers added while paging) or `limit` (the pages needed at `perPage` a page, plus one)
///   can justify.
///
/// In parallel mode, at most `concurrency` pages are in flight, never beyond the smallest of
/// `last`, `maxPages` and the pages `limit` justifies.
///
/// ```swift
/// let pager = FollowersPager(service: client, user: "octocat", perPage: 100)
/// let first = try await pager.next()    // page 1
/// let second = try await pager.next()   // page 2, or nil after the last page
/// ```
package actor FollowersPager {
  private enum Mode {
    case start
    case serial(next: URL?)
    case parallel(template: URL, nextPage: Int, lastPage: Int)
    case finished
  }

  private let service: any FollowersService
  private let user: GitHubUsername
  /// Followers per page, 1 to 100.
  package let perPage: Int
  private let concurrency: Int
  private let limit: Int?
  private let maxPages: Int?
  private var mode = Mode.start
  /// The pages fetched, as hashes of their URLs' ``key(_:)``: the `next` URLs followed and
  /// what each page says names a page already fetched (``FollowersPage/fetchedPageURLs``: the
  /// URL it was requested at, its `prev` and `first` links). 8 bytes a URL instead of a `URL`
  /// (about 250), so that paging through 10,000 pages does not grow by megabytes. Two URLs
  /// share a hash with odds of about one in 10^11 over 10,000 pages.
  private var visited: Set<Int> = []
  private var inFlight: [Int: Task<FollowersPage, any Error>] = [:]
  /// Requests sent (or, in parallel mode, pages consumed).
  private var requests = 0
  /// The ids of the followers delivered, in about two bytes each.
  private var seen = FollowerIDSet()
  /// The number of pages the first page's `last` link claimed.
  private var claimedLastPage: Int?
  /// The origin (`scheme://host:port`) of the first `next` link followed.
  private var linkOrigin: String?
  /// The step running or last started; the next one waits for it.
  private var tail: Task<FollowersPage?, any Error>?

  /// The pages of `user`'s followers, with `perPage`, `concurrency`, `limit` and `maxPages`
  /// clamped to what makes sense.
  static func pages(
    service: any FollowersService, user: GitHubUsername, perPage: Int, concurrency: Int, limit: Int?, maxPages: Int?
  ) -> AsyncThrowingStream<FollowersPage, any Error> {
    let pager = FollowersPager(
      service: service, user: user, perPage: perPage, concurrency: concurrency, limit: limit, maxPages: maxPages)
    return AsyncThrowingStream(unfolding: { try await pager.next() })
  }

  /// A pager that has fetched nothing yet; `perPage`, `concurrency`, `limit` and `maxPages` are
  /// clamped to what makes sense.
  ///
  /// - Parameters:
  ///   - service: What fetches the pages.
  ///   - user: Whose followers.
  ///   - perPage: Followers per page, 1 to 100.
  ///   - concurrency: Pages in flight at once, 1 to 4; 1 (the default) follows `next` links.
  ///   - limit: The followers wanted; `nil` (the default) for all.
  ///   - maxPages: The most pages to fetch; `nil` (the default) for no cap.
  package init(
    service: any FollowersService, user: GitHubUsername, perPage: Int, concurrency: Int = 1, limit: Int? = nil,
    maxPages: Int? = nil
  ) {
    self.service = service
    self.user = user
    self.perPage = min(max(perPage, 1), 100)
    self.concurrency = min(max(concurrency, 1), 4)
    self.limit = limit.map { max($0, 1) }
    self.maxPages = maxPages.map { max($0, 1) }
  }

  deinit {
    for task in inFlight.values { task.cancel() }
  }

  /// The pages `limit` needs at `perPage` a page.
  private var pagesForLimit: Int? {
    limit.map { $0 / perPage + ($0 % perPage == 0 ? 0 : 1) }
  }

  private var isSatisfied: Bool {
    if let limit, seen.count >= limit { return true }
    if let maxPages, requests >= maxPages { return true }
    return false
  }

  /// The next page: page 1 first, then the page after the last one returned; `nil` once paging
  /// has ended.
  ///
  /// - Returns: The page, or `nil`.
  /// - Throws: ``GitHubError/paginationStopped(_:)`` when the server's pages cannot be trusted
  ///   (paging has then ended), the service's error, or `CancellationError`.
  package func next() async throws -> FollowersPage? {
    let previous = tail
    let step = Task {
      _ = await previous?.result
      return try await self.step()
    }
    tail = step
    return try await withTaskCancellationHandler {
      try await step.value
    } onCancel: {
      step.cancel()
    }
  }

  private func step() async throws -> FollowersPage? {
    do {
      switch mode {
      case .start:
        var first = try await service.followers(of: user, page: 1, perPage: perPage)
        requests = 1
        remember(first)
        if first.next != nil { claimedLastPage = first.lastPage }
        try check(&first, number: 1)
        if concurrency > 1, let last = first.last, let lastPage = LinkHeader.pageNumber(in: last), lastPage > 1 {
          let planned = min(lastPage, maxPages ?? Int.max, pagesForLimit ?? Int.max)
          mode = .parallel(template: last, nextPage: 2, lastPage: planned)
        } else {
          mode = .serial(next: first.next)
        }
        return first
      case .serial(let next):
        guard let next, !isSatisfied else {
          mode = .finished
          return nil
        }
        let key = Self.key(next)
        guard !visited.contains(key) else {
          throw GitHubError.paginationStopped(
            "page \(requests) links back to a page already fetched (\(Self.shown(next)))")
        }
        if let linkOrigin, Self.origin(of: next) != linkOrigin {
          throw GitHubError.paginationStopped(
            "page \(requests) links to \(Self.origin(of: next)), away from the pages before it; it was not followed")
        }
        try checkBudget()
        var page = try await service.followersPage(at: next)
        visited.insert(key)
        remember(page)
        requests += 1
        if linkOrigin == nil { linkOrigin = Self.origin(of: next) }
        try check(&page, number: requests)
        mode = .serial(next: page.next)
        return page
      case .parallel(let template, let nextPage, let lastPage):
        guard nextPage <= lastPage, !isSatisfied else {
          mode = .finished
          return nil
        }
        let service = self.service
        for number in nextPage...min(nextPage + concurrency - 1, lastPage) where inFlight[number] == nil {
          let url = Self.url(template, page: number)
          inFlight[number] = Task { try await service.followersPage(at: url) }
        }
        guard let task = inFlight[nextPage] else {
          mode = .finished
          return nil
        }
        let everything = Array(inFlight.values)
        var page = try await withTaskCancellationHandler {
          try await task.value
        } onCancel: {
          for task in everything { task.cancel() }
        }
        inFlight[nextPage] = nil
        requests = nextPage
        if page.followers.isEmpty, nextPage < (claimedLastPage ?? 0) {
          throw GitHubError.paginationStopped(
            "page \(nextPage) is empty, though the first page said there were \(claimedLastPage ?? 0) pages")
        }
        try check(&page, number: nextPage)
        mode = .parallel(template: template, nextPage: nextPage + 1, lastPage: lastPage)
        return page
      case .finished:
        return nil
      }
    } catch {
      // A serial step that failed in transit changed nothing: the next step retries it.
      if case .parallel = mode {
        finish()
      } else if case GitHubError.paginationStopped = error {
        finish()
      }
      throw error
    }
  }

  /// Marks the pages `page` names as fetched (its own URL, its `prev` and `first` links).
  private func remember(_ page: FollowersPage) {
    for url in page.fetchedPageURLs { visited.insert(Self.key(url)) }
  }

  /// A URL as a page's identity: its origin lowercased (the port filled in), its path without
  /// a trailing `/`, and its query's items sorted, so that `?page=1&per_page=100` and
  /// `?per_page=100&page=1` are one page; hashed.
  static func key(_ url: URL) -> Int {
    guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
      return url.absoluteString.hashValue
    }
    var path = components.percentEncodedPath
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    let query = (components.percentEncodedQuery ?? "").split(separator: "&", omittingEmptySubsequences: true).sorted()
    return "\(origin(of: url)) \(path.isEmpty ? "/" : path) \(query.joined(separator: "&"))".hashValue
  }

  private func finish() {
    mode = .finished
    for task in inFlight.values { task.cancel() }
    inFlight = [:]
  }

  /// Throws when one more request would exceed what `limit` or the first page's `last` justify.
  private func checkBudget() throws {
    if let limit, let needed = pagesForLimit, requests >= Self.plusOne(needed) {
      throw GitHubError.paginationStopped(
        "\(requests) pages brought only \(seen.count) different followers of the \(limit) asked for, "
          + "though \(needed) \(needed == 1 ? "page" : "pages") of \(perPage) should have been enough")
    }
    if let claimedLastPage, requests >= Self.plusOne(claimedLastPage) {
      throw GitHubError.paginationStopped(
        "the server has sent \(requests) pages and links to another, though its first page said there were "
          + "\(claimedLastPage)")
    }
  }

  /// Records a page's followers and marks the ones delivered before; throws when the page is
  /// empty but links on, or adds no one.
  private func check(_ page: inout FollowersPage, number: Int) throws {
    if page.followers.isEmpty {
      page.repeatedPositions = []
      guard let next = page.next else { return }
      throw GitHubError.paginationStopped("page \(number) is empty but links to another (\(Self.shown(next)))")
    }
    let before = seen.count
    var repeated: [Int] = []
    for (position, follower) in page.followers.enumerated() where !seen.insert(follower.id) {
      repeated.append(position)
    }
    page.repeatedPositions = repeated
    if seen.count == before {
      throw GitHubError.paginationStopped(
        "page \(number) repeats \(page.followers.count == 1 ? "a follower" : "followers") already listed and adds none")
    }
  }

  private static func plusOne(_ value: Int) -> Int {
    value == Int.max ? value : value + 1
  }

  /// A URL for a message: at most 100 characters.
  private static func shown(_ url: URL) -> String {
    let text = url.absoluteString
    return text.count > 100 ? String(text.prefix(100)) + "…" : text
  }

  /// `scheme://host:port` of a link, lowercased, the port filled in from the scheme.
  private static func origin(of url: URL) -> String {
    let scheme = url.scheme?.lowercased() ?? "?"
    let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
    return "\(scheme)://\(url.host?.lowercased() ?? "?"):\(port)"
  }

  /// The `last` URL with its `page` query item set to another page; every other part as
  /// GitHub wrote it.
  static func url(_ template: URL, page: Int) -> URL {
    guard var components = URLComponents(url: template, resolvingAgainstBaseURL: true) else { return template }
    var items = (components.percentEncodedQuery ?? "").split(separator: "&", omittingEmptySubsequences: true).map(
      String.init)
    if let index = items.firstIndex(where: { $0 == "page" || $0.hasPrefix("page=") }) {
      items[index] = "page=\(page)"
    } else {
      items.append("page=\(page)")
    }
    components.percentEncodedQuery = items.joined(separator: "&")
    return components.url ?? template
  }
}
