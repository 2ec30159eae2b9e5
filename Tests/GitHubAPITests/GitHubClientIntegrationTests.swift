import ActionDispatchTesting
import FakeGitHubServer
import Foundation
import GitHubAPI
import GitHubAPITestSupport
import Testing

/// The client against a real HTTP server on loopback, through the production transport.
///
/// The default request deadline only bounds a hang: no test here waits it out (the timeout test
/// passes its own). 10 s ran out for three requests under ThreadSanitizer beside the rest of the
/// suite in a clean-clone CI run, so it is 60 s.
@Suite struct GitHubClientIntegrationTests {
  func client(
    _ server: FakeGitHubServer, token: String? = nil, maxRetries: Int = 3, timeout: Duration = .seconds(60),
    http: DefaultHTTPClient? = nil
  ) -> GitHubClient {
    GitHubClient(
      configuration: .init(baseURL: server.baseURL, token: token, maxRetries: maxRetries, clock: ImmediateClock()),
      httpClient: http ?? DefaultHTTPClient(timeout: timeout))
  }

  // MARK: - Pages, ETags, models

  @Test func paginationFollowsLinkHeadersAcrossPages() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 75)
    var pages: [Int] = []
    var logins: [String] = []
    for try await page in client(server).allFollowers(of: "octocat", perPage: 30, concurrency: 1) {
      pages.append(page.page)
      logins += page.followers.map(\.login)
      #expect(page.lastPage == 3)
    }
    #expect(pages == [1, 2, 3])
    #expect(logins == (1...75).map { "octocat-follower-\($0)" })
    #expect(server.requests.map(\.queryItems["page"]) == ["1", "2", "3"])
    #expect(server.requests.allSatisfy { $0.queryItems["per_page"] == "30" })
  }

  @Test func concurrentPagesArriveInOrder() async throws {
    let server = try FakeGitHubServer(latency: .milliseconds(5))
    defer { server.stop() }
    server.addUser("octocat", followers: 250)
    var logins: [String] = []
    for try await page in client(server).allFollowers(of: "octocat", perPage: 20, concurrency: 4) {
      logins += page.followers.map(\.login)
    }
    #expect(logins == (1...250).map { "octocat-follower-\($0)" })
    #expect(server.requestCount == 13)
  }

  @Test func secondRunIsConditionalAndServedFrom304s() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 45)
    let github = client(server)
    func run() async throws -> [String] {
      var logins: [String] = []
      for try await page in github.allFollowers(of: "octocat", perPage: 20, concurrency: 1) {
        logins += page.followers.map(\.login)
      }
      return logins
    }
    let first = try await run()
    #expect(server.requests.allSatisfy { $0.header("If-None-Match") == nil })
    server.resetRecording()
    let second = try await run()
    #expect(second == first)
    #expect(second.count == 45)
    #expect(server.requestCount == 3)
    #expect(server.requests.allSatisfy { $0.header("If-None-Match")?.hasPrefix("W/\"") == true })
  }

  @Test func headersReachTheServer() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 1)
    _ = try await client(server, token: "ghp_integration").profile(of: "octocat")
    let request = try #require(server.requests.first)
    #expect(request.target == "/users/octocat")
    #expect(request.header("accept") == "application/vnd.github+json")
    #expect(request.header("x-github-api-version") == "2022-11-28")
    #expect(request.header("user-agent") == "action-dispatch/\(ActionDispatchVersion.current)")
    #expect(request.header("authorization") == "Bearer ghp_integration")
  }

  @Test func profileAndSearchDecode() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 12, name: "The Octocat")
    server.addUser("octodog", followers: 0)
    let github = client(server)
    let profile = try await github.profile(of: "octocat")
    #expect(profile.login == "octocat")
    #expect(profile.name == "The Octocat")
    #expect(profile.followers == 12)
    let unnamed = try await github.profile(of: "octodog")
    #expect(unnamed.name == nil)
    let search = try await github.searchUsers("octo")
    #expect(Set(search.items.map(\.login)) == ["octocat", "octodog"])
    #expect(search.totalCount == 2)
  }

  @Test func sameOriginRedirectIsFollowedWithTheToken() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 3)
    server.respond(to: "/users/old-name", with: .redirect(301, to: "/users/octocat"))
    let github = client(server, token: "ghp_secret")
    #expect(try await github.profile(of: "old-name").login == "octocat")
    #expect(server.requests.map(\.target) == ["/users/old-name", "/users/octocat"])
    #expect(server.requests.allSatisfy { $0.header("authorization") == "Bearer ghp_secret" })
  }

  // MARK: - Errors

  @Test func unknownUserIsNotFound() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    await #expect(throws: GitHubError.notFound("nobody")) {
      try await client(server).followers(of: "nobody", page: 1, perPage: 30)
    }
    #expect(server.requestCount == 1)
  }

  @Test func invalidUsernameNeverReachesTheServer() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    for name in ["../users/octocat", "octocat/followers", "a b", "jörg", ""] {
      await #expect(throws: GitHubError.self) { try await client(server).profile(of: GitHubUsername(name)) }
    }
    #expect(server.requestCount == 0)
  }

  @Test func badCredentials() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.respond(to: "/users/octocat", with: .badCredentials())
    await #expect(throws: GitHubError.badCredentials) {
      try await client(server, token: "ghp_wrong").profile(of: "octocat")
    }
    #expect(server.requestCount == 1)
  }

  @Test(arguments: [403, 429])
  func primaryRateLimitFailsAtOnceWithItsResetTime(status: Int) async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    let reset = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 600).rounded(.up))
    server.respond(
      to: "/users/octocat",
      with: status == 403 ? .primaryRateLimit(resetAt: reset) : .primaryRateLimit429(resetAt: reset), times: nil)
    do {
      _ = try await client(server).profile(of: "octocat")
      Issue.record("expected a rate-limit error")
    } catch let error as GitHubError {
      #expect(error == .rateLimited(resetAt: reset, authenticated: false))
      #expect(error.description.contains("GITHUB_TOKEN"))
      // The reset is 10 minutes after the request; the description counts from when it is read,
      // which on a busy machine can be a minute or more later.
      let minutes = error.description.firstMatch(of: /UTC \(in (\d+) minutes?\)/).flatMap { Int($0.1) }
      #expect((1...10).contains(minutes ?? 0), "\(error.description)")
    }
    #expect(server.requestCount == 1)
  }

  @Test func secondaryRateLimitIsRetriedAfterRetryAfter() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 2)
    server.respond(to: "/users/octocat", with: .secondaryRateLimit(retryAfter: 1))
    #expect(try await client(server).profile(of: "octocat").login == "octocat")
    #expect(server.requestCount == 2)
  }

  @Test func secondaryRateLimitWithoutRetriesIsReported() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.respond(to: "/users/octocat", with: .secondaryRateLimit(retryAfter: 5), times: nil)
    await #expect(throws: GitHubError.secondaryRateLimit(retryAfter: .seconds(5))) {
      try await client(server, maxRetries: 0).profile(of: "octocat")
    }
  }

  @Test func serverErrorsAreRetriedUntilSuccess() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 2)
    server.respond(to: "/users/octocat/followers", with: .serverError(502), times: 2)
    let page = try await client(server).followers(of: "octocat", page: 1, perPage: 30)
    #expect(page.followers.count == 2)
    #expect(server.requestCount == 3)
  }

  @Test func persistentServerErrorIsReportedAfterTheRetries() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.respond(to: "/users/octocat", with: .serverError(503), times: nil)
    await #expect(throws: GitHubError.serverError(status: 503, retries: 2)) {
      try await client(server, maxRetries: 2).profile(of: "octocat")
    }
    #expect(server.requestCount == 3)
  }

  @Test func brokenJSONIsUndecodable() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.respond(to: "/users/octocat/followers", with: .brokenJSON())
    await #expect {
      try await client(server).followers(of: "octocat", page: 1, perPage: 30)
    } throws: { error in
      guard case .undecodableResponse(let detail) = error as? GitHubError else { return false }
      return detail.contains("not valid JSON")
    }
  }

  @Test func htmlErrorPageIsUnexpectedStatus() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.respond(to: "/users/octocat", with: .html(407, "<html><title>Proxy Authentication Required</title></html>"))
    await #expect(
      throws: GitHubError.unexpectedStatus(407, message: #"an HTML page titled "Proxy Authentication Required""#)
    ) {
      try await client(server).profile(of: "octocat")
    }
  }

  @Test func slowServerAndShortTimeoutIsATimeout() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
    server.setHandler { _ in
      arrived.yield()
      return FakeResponse(status: 200, behavior: .neverRespond)
    }
    // The same unanswered request with an hour-long timeout, in flight first: the 1 s deadline
    // must end its own request while that one still waits. Comparing the two, rather than
    // timing one against the wall clock, holds however slow a loaded machine runs.
    let slow = Task { try await client(server, maxRetries: 0, timeout: .seconds(3600)).profile(of: "octocat") }
    defer { slow.cancel() }
    var arrival = arrivals.makeAsyncIterator()
    await arrival.next()
    await #expect(throws: GitHubError.timeout) {
      try await client(server, maxRetries: 0, timeout: .seconds(1)).profile(of: "octocat")
    }
    slow.cancel()
    await #expect(throws: CancellationError.self) { try await slow.value }
  }

  @Test func refusedConnectionSaysWhere() async throws {
    let server = try FakeGitHubServer()
    let port = server.port
    server.stop()
    await #expect(throws: GitHubError.transport("Could not connect to 127.0.0.1:\(port) (connection refused)")) {
      try await client(server).profile(of: "octocat")
    }
  }

  @Test func connectionClosedMidBodyIsATransportError() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.respond(
      to: "/users/octocat",
      with: FakeResponse(status: 200, body: Data(GitHubJSON.octocatProfile.utf8), behavior: .closeMidBody),
      times: nil)
    await #expect {
      try await client(server, maxRetries: 1).profile(of: "octocat")
    } throws: { error in
      guard case .transport(let message) = error as? GitHubError else { return false }
      return message.contains("127.0.0.1:\(server.port)")
    }
  }

  // MARK: - Cancellation under load

  @Test
  func hundredSupersededRequestsCancelledInFlightThenANormalRequestWorks() async throws {
    // No answer can come before the cancellation (the server's sleeps end with `stop()`), so
    // every one of the hundred is cancelled, however slowly the machine gets them on the wire.
    let server = try FakeGitHubServer(latency: .seconds(120))
    defer { server.stop() }
    server.addUser("octocat", followers: 40)
    let github = client(server, http: DefaultHTTPClient(timeout: .seconds(120)))
    let tasks = (1...100).map { index in
      Task { try await github.followers(of: "octocat", page: index % 3 + 1, perPage: 10) }
    }
    // Some requests are on the wire, the rest queued in the transport (six connections a host): cancel them all.
    while server.requestCount < 6 { await Task.yield() }
    for task in tasks { task.cancel() }
    var cancelled = 0
    for task in tasks {
      do {
        _ = try await task.value
      } catch is CancellationError {
        cancelled += 1
      }
    }
    #expect(cancelled == 100)
    server.latency = .zero
    let page = try await github.followers(of: "octocat", page: 1, perPage: 30)
    #expect(page.followers.count == 30)
  }

  /// The Linux deadlock of `URLSession.data(for:)` (its cancellation handler against the
  /// session's work queue finishing the same request, swift-corelibs-foundation #5412) shows
  /// within a few rounds of mass cancellation; `DefaultHTTPClient` must survive all of them.
  @Test
  func repeatedMassCancellationNeitherCrashesNorDeadlocks() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("octocat", followers: 1_000)
    let github = client(server)
    for round in 0..<12 {
      server.latency = .milliseconds([0, 1, 5, 20][round % 4])
      let tasks = (1...100).map { index in
        Task { try await github.followers(of: "octocat", page: index % 10 + 1, perPage: 100) }
      }
      let threshold = [0, 1, 3, 6][round % 4]
      while server.requestCount < threshold { await Task.yield() }
      for task in tasks { task.cancel() }
      for task in tasks { _ = try? await task.value }
      server.resetRecording()
    }
    server.latency = .zero
    #expect(
      try await github.followers(of: "octocat", page: 2, perPage: 30).followers.first?.login == "octocat-follower-31")
  }
}
