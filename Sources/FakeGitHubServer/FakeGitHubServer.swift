import Foundation

/// An in-process HTTP/1.1 server on 127.0.0.1 that behaves like the parts of the GitHub REST API
/// the followers feature uses, and misbehaves on request.
///
/// Creating a server binds an ephemeral port and starts serving at once; point a client at
/// ``baseURL``. Add users with ``addUser(_:followers:name:paging:)`` to get GitHub-shaped profiles,
/// paginated follower lists (with GitHub's `Link`, `ETag` and `x-ratelimit-*` headers) and
/// user search. Script failures with ``respond(to:with:times:)`` or take over completely with
/// ``setHandler(_:)``. Every request is recorded in ``requests``.
///
/// ```swift
/// let server = try FakeGitHubServer()
/// defer { server.stop() }
/// server.addUser("octocat", followers: 135, name: "The Octocat")
/// server.respond(to: "/users/octocat/followers", with: .serverError(502))
/// // The first followers request now gets a 502, the next ones real pages.
/// ```
///
/// The server uses only Foundation and POSIX sockets: one thread accepts connections and one
/// thread serves each connection, with keep-alive. It never raises SIGPIPE, survives clients
/// that vanish mid-request, and ``stop()`` returns promptly even while connections are open
/// or ``FakeResponse/Behavior/neverRespond`` answers are pending. Any number of servers can
/// run side by side. All members are safe to call from any thread or task.
package final class FakeGitHubServer: Sendable {
  private let core: ServerCore

  /// Binds 127.0.0.1 on an ephemeral port and starts serving at once.
  ///
  /// - Parameter latency: A pause before every response; see ``latency``.
  /// - Throws: An error describing the failed system call if the socket cannot be set up.
  package init(latency: Duration = .zero) throws {
    core = try ServerCore(latency: latency)
  }

  deinit {
    core.stop()
  }

  /// The TCP port the server listens on.
  package var port: Int {
    core.port
  }

  /// The server's root URL, `http://127.0.0.1:<port>`, without a trailing slash.
  ///
  /// Use it where a client takes GitHub's API root (`https://api.github.com`).
  package var baseURL: URL {
    core.baseURL
  }

  /// Stops the server: closes the listener and every open connection.
  ///
  /// Clients waiting on the server see their connection close. Idempotent; also called when
  /// the server is deinitialized. After `stop()`, new connections are refused: the port stays
  /// reserved for as long as the server object lives, so no other server (another test running
  /// in parallel) can be given it and answer in this one's place.
  package func stop() {
    core.stop()
  }

  /// A pause the server injects before every response, counted from the request's arrival.
  ///
  /// Settable at any time; it applies to responses not yet sent. The benchmarks use 20 ms
  /// to stand in for network round trips. ``stop()`` cuts a pause short.
  package var latency: Duration {
    get { core.state.withLock { $0.latency } }
    set { core.state.withLock { $0.latency = newValue } }
  }

  // MARK: GitHub-shaped data

  /// Adds a user, or replaces the one with the same login (compared case-insensitively).
  ///
  /// The server then answers, like api.github.com:
  ///
  /// - `GET /users/{login}` with the profile: the simple-user fields (`login`, `id`,
  ///   `node_id`, `avatar_url`, ..., `type`, `user_view_type`, `site_admin`) then `name`,
  ///   `company`, `blog`, `location`, `email`, `hireable`, `bio`, `twitter_username`,
  ///   `public_repos`, `public_gists`, `followers`, `following`, `created_at`, `updated_at`.
  /// - `GET /users/{login}/followers?per_page=&page=` with a JSON array of simple users named
  ///   `"\(login)-follower-\(n)"`, `n` = 1...`followers`, each page generated when asked (a
  ///   user may have millions: they are never all in memory; recent pages are kept up to
  ///   128 MiB). `per_page` defaults to 30 and is
  ///   capped at 100; an invalid `per_page` or `page` counts as the default, and a page past
  ///   the end is an empty array with status 200. When there is more than one page, a `Link`
  ///   header lists `prev`, `next`, `last` and `first` as GitHub does, e.g.
  ///   `<http://127.0.0.1:PORT/users/octocat/followers?per_page=30&page=2>; rel="next",
  ///   <http://127.0.0.1:PORT/users/octocat/followers?per_page=30&page=5>; rel="last"`.
  /// - `GET /search/users?q=` with `{"total_count","incomplete_results","items"}`: the added
  ///   users whose login contains every term of `q` (case-insensitively; qualifiers such as
  ///   `type:user` are ignored), each a simple user plus `"score"`, paginated the same way.
  ///   A missing `q` gets GitHub's 422.
  ///
  /// With `paging` other than ``FakePaging/github``, the followers are paged as a server that
  /// ignores `per_page` or whose last page links back to the first would page them.
  ///
  /// Ids are stable numbers derived from the login, so a run's output is deterministic. API
  /// links (`url`, `followers_url`, ...) point at this server, as on GitHub Enterprise;
  /// `html_url` and `avatar_url` point at github.com as usual. Every 200 carries a weak `ETag`
  /// and lowercase `x-ratelimit-limit`/`-remaining`/`-used`/`-reset`/`-resource` headers
  /// (60 requests an hour, or 5000 with an `Authorization` header; search: 10 or 30); a request
  /// whose `If-None-Match` matches the current `ETag` gets 304 with an empty body and is not
  /// counted. An unknown user, or any other path, gets GitHub's 404 JSON.
  ///
  /// - Parameters:
  ///   - login: The user's login.
  ///   - followers: How many followers the user has; `Int.max` (or anything above
  ///     `Int.max / 2`, the most served) for a list that has a next page for as long as anyone asks.
  ///   - name: The profile's display name; `nil` sends `"name":null`.
  ///   - paging: How the followers are paged; GitHub's way (``FakePaging/github``) by default.
  package func addUser(_ login: String, followers: Int, name: String? = nil, paging: FakePaging = .github) {
    let user = FakeUser(
      login: login, followers: min(max(0, followers), Int.max / 2), name: name, paging: paging)
    core.state.withLock { state in
      let key = login.lowercased()
      if state.users.updateValue(user, forKey: key) == nil {
        state.userOrder.append(key)
      }
      state.forgetFollowerPages()
    }
  }

  // MARK: Scripted responses

  /// Answers the next `times` requests for `path` with `response` instead of the normal answer.
  ///
  /// A request matches when its ``FakeRequest/path`` (the target without its query, still
  /// percent-encoded) equals `path` exactly, whatever the method. Overrides for the same path
  /// queue up: a later one takes effect once the earlier ones are used up (so one queued after
  /// a `times: nil` override never does). A handler set with ``setHandler(_:)`` is asked first.
  ///
  /// - Parameters:
  ///   - path: The path to match, e.g. `"/users/octocat/followers"`.
  ///   - response: The response to send.
  ///   - times: How many requests it answers; `nil` for every one from now on. A count below 1
  ///     adds nothing.
  package func respond(to path: String, with response: FakeResponse, times: Int? = 1) {
    if let times, times < 1 { return }
    core.state.withLock { $0.overrides[path, default: []].append(Override(response: response, remaining: times)) }
  }

  /// Installs a handler that sees every request first, or removes it with `nil`.
  ///
  /// The handler runs on the connection's thread, after the request is recorded. Returning a
  /// response sends it (after ``latency``); returning `nil` lets the
  /// overrides from ``respond(to:with:times:)`` and then the GitHub-shaped routes answer.
  ///
  /// The server keeps the handler until it is replaced, so a handler that captures the server
  /// strongly keeps it alive past its last use: call ``stop()`` explicitly in that case.
  ///
  /// - Parameter handler: The handler, or `nil` to remove the current one.
  package func setHandler(_ handler: (@Sendable (FakeRequest) -> FakeResponse?)?) {
    core.state.withLock { $0.handler = handler }
  }

  // MARK: Recording

  /// Every request received since the server started (or since ``resetRecording()``), in
  /// arrival order.
  ///
  /// A request is recorded as soon as it is read, before it is answered, so it is here even
  /// when its answer is delayed or never comes.
  package var requests: [FakeRequest] {
    core.state.withLock { $0.requests }
  }

  /// The number of requests in ``requests``.
  package var requestCount: Int {
    core.state.withLock { $0.requests.count }
  }

  /// How many requests counted against a rate-limit resource (`"core"`, `"search"`): a 304 to a
  /// conditional request does not, as on GitHub.
  ///
  /// - Parameter resource: The resource, as `x-ratelimit-resource` names it.
  /// - Returns: The count, which `x-ratelimit-used` reports.
  package func rateLimitUsed(for resource: String) -> Int {
    core.state.withLock { $0.rateLimitUsed[resource, default: 0] }
  }

  /// Forgets the recorded requests. Users, overrides, the handler and rate-limit counters stay.
  package func resetRecording() {
    core.state.withLock { $0.requests.removeAll() }
  }
}
