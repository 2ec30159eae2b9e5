import ActionDispatchTesting
import Foundation
import GitHubAPI
import GitHubAPITestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite struct GitHubClientRetryTests {
  static let ok = HTTPResponse.json("[]")

  func client(
    _ http: StubHTTPClient, clock: any Clock<Duration>, maxRetries: Int = 3, maxRetryWait: Duration = .seconds(60)
  )
    -> GitHubClient
  {
    GitHubClient(
      configuration: .init(maxRetries: maxRetries, clock: clock, maxRetryWait: maxRetryWait), httpClient: http)
  }

  @Test func serverErrorIsRetriedAfterABackoffOnTheClock() async throws {
    let clock = TestClock()
    let http = StubHTTPClient(sequence: [.success(HTTPResponse(statusCode: 502)), .success(Self.ok)])
    let github = client(http, clock: clock)
    let task = Task { try await github.followers(of: "octocat", page: 1, perPage: 30) }
    await clock.waitForSleepers(1)
    #expect(http.requestCount == 1)
    await clock.advance(by: .milliseconds(790))
    #expect(http.requestCount == 1)  // the first backoff is at least 0.8 s
    await clock.advance(by: .milliseconds(410))
    _ = try await task.value
    #expect(http.requestCount == 2)
  }

  @Test func backoffGrowsExponentiallyUpToMaxRetries() async {
    let clock = ImmediateClock()
    let http = StubHTTPClient(always: HTTPResponse(statusCode: 503))
    await #expect(throws: GitHubError.serverError(status: 503, retries: 3)) {
      try await client(http, clock: clock).followers(of: "octocat", page: 1, perPage: 30)
    }
    #expect(http.requestCount == 4)
    // 1 s + 2 s + 4 s, each ± 20 %.
    #expect(clock.now.offset >= .milliseconds(5_600))
    #expect(clock.now.offset <= .milliseconds(8_400))
  }

  @Test func timeoutsAreReportedWithoutRetrying() async {
    // A request that used up its whole deadline is not sent again: that would multiply the
    // wait the user allowed with --timeout.
    let http = StubHTTPClient { _ in throw URLError(.timedOut) }
    await #expect(throws: GitHubError.timeout) {
      try await client(http, clock: ImmediateClock(), maxRetries: 2).profile(of: "octocat")
    }
    #expect(http.requestCount == 1)
  }

  @Test func droppedKeepAliveConnectionIsRetried() async throws {
    let http = StubHTTPClient(sequence: [
      .failure(URLError(.networkConnectionLost)), .success(.json(GitHubJSON.octocatProfile)),
    ])
    _ = try await client(http, clock: ImmediateClock()).profile(of: "octocat")
    #expect(http.requestCount == 2)
  }

  @Test func refusedConnectionIsNotRetried() async {
    let http = StubHTTPClient { _ in throw URLError(.cannotConnectToHost) }
    await #expect(throws: GitHubError.self) {
      try await client(http, clock: ImmediateClock()).profile(of: "octocat")
    }
    #expect(http.requestCount == 1)
  }

  @Test func maxRetriesZeroMeansOneAttempt() async {
    let http = StubHTTPClient(always: HTTPResponse(statusCode: 500))
    await #expect(throws: GitHubError.serverError(status: 500)) {
      try await client(http, clock: ImmediateClock(), maxRetries: 0).profile(of: "octocat")
    }
    #expect(http.requestCount == 1)
  }

  @Test(arguments: [400, 401, 403, 404, 410, 422, 451])
  func clientErrorsAreNeverRetried(status: Int) async {
    let clock = ImmediateClock()
    let http = StubHTTPClient(always: .json(status, #"{"message":"nope"}"#))
    await #expect(throws: GitHubError.self) {
      try await client(http, clock: clock).followers(of: "octocat", page: 1, perPage: 30)
    }
    #expect(http.requestCount == 1)
    #expect(clock.now.offset == .zero)
  }

  @Test func primaryRateLimitIsNotRetriedBeforeItsReset() async {
    let clock = ImmediateClock()
    let reset = Date().addingTimeInterval(30)
    let http = StubHTTPClient(
      always: .json(
        403, #"{"message":"API rate limit exceeded"}"#,
        headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": String(Int(reset.timeIntervalSince1970))]))
    await #expect(
      throws: GitHubError.rateLimited(
        resetAt: Date(timeIntervalSince1970: Double(Int(reset.timeIntervalSince1970))), authenticated: false)
    ) {
      try await client(http, clock: clock).followers(of: "octocat", page: 1, perPage: 30)
    }
    #expect(http.requestCount == 1)
    #expect(clock.now.offset == .zero)
  }

  @Test func retryAfterIsHonouredExactly() async throws {
    let clock = TestClock()
    let http = StubHTTPClient(sequence: [
      .success(.json(403, #"{"message":"You have exceeded a secondary rate limit"}"#, headers: ["Retry-After": "7"])),
      .success(Self.ok),
    ])
    let github = client(http, clock: clock)
    let task = Task { try await github.followers(of: "octocat", page: 1, perPage: 30) }
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(6_999))
    #expect(http.requestCount == 1)
    await clock.advance(by: .milliseconds(1))
    _ = try await task.value
    #expect(http.requestCount == 2)
  }

  @Test func retryAfterOnA503IsHonouredInsteadOfBackoff() async throws {
    let clock = ImmediateClock()
    let http = StubHTTPClient(sequence: [
      .success(HTTPResponse(statusCode: 503, headers: ["Retry-After": "20"])), .success(Self.ok),
    ])
    _ = try await client(http, clock: clock).followers(of: "octocat", page: 1, perPage: 30)
    #expect(clock.now.offset == .seconds(20))
  }

  @Test func secondaryLimitWithoutRetryAfterWaitsAMinute() async throws {
    let clock = ImmediateClock()
    let http = StubHTTPClient(sequence: [.success(HTTPResponse(statusCode: 429)), .success(Self.ok)])
    _ = try await client(http, clock: clock).followers(of: "octocat", page: 1, perPage: 30)
    #expect(clock.now.offset == .seconds(60))
  }

  @Test func retryAfterLongerThanMaxRetryWaitFailsAtOnce() async {
    let clock = ImmediateClock()
    let http = StubHTTPClient(always: .json(403, "{}", headers: ["Retry-After": "120"]))
    await #expect(throws: GitHubError.secondaryRateLimit(retryAfter: .seconds(120))) {
      try await client(http, clock: clock, maxRetryWait: .seconds(60)).followers(of: "octocat", page: 1, perPage: 30)
    }
    #expect(http.requestCount == 1)
    #expect(clock.now.offset == .zero)
  }

  @Test func cancellationDuringBackoffStopsAtOnce() async {
    let clock = TestClock()
    let http = StubHTTPClient(always: HTTPResponse(statusCode: 500))
    let github = client(http, clock: clock)
    let task = Task { try await github.followers(of: "octocat", page: 1, perPage: 30) }
    await clock.waitForSleepers(1)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(http.requestCount == 1)
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancellationDuringTheRequestIsNotRetried() async {
    let hang = TestClock()
    let http = StubHTTPClient { _ in try await hangUntilCancelled(on: hang) }
    let github = client(http, clock: ImmediateClock())
    let task = Task { try await github.profile(of: "octocat") }
    await hang.waitForSleepers(1)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(http.requestCount == 1)
  }

  @Test func urlErrorCancelledBecomesCancellationError() async {
    let http = StubHTTPClient { _ in throw URLError(.cancelled) }
    await #expect(throws: CancellationError.self) {
      try await client(http, clock: ImmediateClock()).profile(of: "octocat")
    }
    #expect(http.requestCount == 1)
  }

  @Test func alreadyCancelledTaskSendsNothing() async {
    let http = StubHTTPClient(always: Self.ok)
    let github = client(http, clock: ImmediateClock())
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await github.followers(of: "octocat", page: 1, perPage: 30)
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(http.requestCount == 0)
  }
}
