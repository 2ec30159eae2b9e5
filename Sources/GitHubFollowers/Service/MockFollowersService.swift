import ActionDispatch
import Foundation

/// A ``FollowersService`` that answers from memory: for tests, previews and `--demo`.
///
/// Set what each kind of call returns, either a fixed result (`followersResult`, ...) or a
/// handler that sees the arguments (`followersHandler`, ...); a handler wins over a result.
/// Every call is recorded in ``calls`` before it is answered. An optional ``delay`` is slept on
/// the injected clock before each answer, so a test can hold a call in flight with a manual
/// clock and cancel or supersede it.
///
/// ```swift
/// let mock = MockFollowersService()
/// mock.followersResult = .failure(GitHubError.notFound("octocat"))
/// await #expect(throws: GitHubError.notFound("octocat")) {
///   try await mock.followers(of: "octocat", page: 1, perPage: 30)
/// }
/// #expect(mock.calls == [.followers(username: "octocat", page: 1, perPage: 30)])
///
/// let demo = MockFollowersService.demo()   // octocat with 45 followers, offline
/// ```
///
/// > Important: Like ``GitHubClient``, the mock rejects a malformed username with
/// > ``GitHubError/invalidUsername(_:reason:)`` before consulting a handler (the call is still
/// > recorded); set ``validatesUsernames`` to `false` to turn that off.
public final class MockFollowersService: FollowersService {
  /// Answers ``followers(of:page:perPage:)``: the username, page and page size.
  public typealias FollowersHandler =
    @Sendable (_ username: String, _ page: Int, _ perPage: Int) async throws -> FollowersPage
  /// Answers ``followersPage(at:)``.
  public typealias FollowersPageHandler = @Sendable (_ url: URL) async throws -> FollowersPage
  /// Answers ``profile(of:)``.
  public typealias ProfileHandler = @Sendable (_ username: String) async throws -> UserProfile
  /// Answers ``searchUsers(_:)``.
  public typealias SearchHandler = @Sendable (_ query: String) async throws -> UserSearchResult

  private struct State {
    var followersResult: Result<FollowersPage, any Error> = .success(FollowersPage(followers: [], page: 1, lastPage: 1))
    var followersPageResult: Result<FollowersPage, any Error> = .success(
      FollowersPage(followers: [], page: 1, lastPage: 1))
    var profileResult: Result<UserProfile, any Error> = .failure(GitHubError.notFound("mock"))
    var searchResult: Result<UserSearchResult, any Error> = .success(UserSearchResult(totalCount: 0, items: []))
    var followersHandler: FollowersHandler?
    var followersPageHandler: FollowersPageHandler?
    var profileHandler: ProfileHandler?
    var searchHandler: SearchHandler?
    var delay: Duration
    var validatesUsernames = true
    var calls: [Call] = []
    var callWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state: LockedState<State>

  /// The clock ``delay`` is slept on.
  public let clock: any Clock<Duration>

  /// Creates a mock that returns empty pages and search results, and `notFound` for profiles.
  ///
  /// - Parameters:
  ///   - delay: How long each call waits on `clock` before answering; zero by default.
  ///   - clock: The clock to wait on; a `ContinuousClock` by default, a test clock in tests.
  public init(delay: Duration = .zero, clock: any Clock<Duration> = ContinuousClock()) {
    self.state = LockedState(State(delay: delay))
    self.clock = clock
  }

  // MARK: - Configuration

  /// What ``followers(of:page:perPage:)`` returns when ``followersHandler`` is `nil`.
  ///
  /// An empty page 1 by default.
  public var followersResult: Result<FollowersPage, any Error> {
    get { state.withLock { $0.followersResult } }
    set { state.withLock { $0.followersResult = newValue } }
  }

  /// What ``followersPage(at:)`` returns when ``followersPageHandler`` is `nil`.
  ///
  /// An empty page by default.
  public var followersPageResult: Result<FollowersPage, any Error> {
    get { state.withLock { $0.followersPageResult } }
    set { state.withLock { $0.followersPageResult = newValue } }
  }

  /// What ``profile(of:)`` returns when ``profileHandler`` is `nil`.
  ///
  /// ``GitHubError/notFound(_:)`` by default.
  public var profileResult: Result<UserProfile, any Error> {
    get { state.withLock { $0.profileResult } }
    set { state.withLock { $0.profileResult = newValue } }
  }

  /// What ``searchUsers(_:)`` returns when ``searchHandler`` is `nil`.
  ///
  /// No matches by default.
  public var searchResult: Result<UserSearchResult, any Error> {
    get { state.withLock { $0.searchResult } }
    set { state.withLock { $0.searchResult = newValue } }
  }

  /// Answers ``followers(of:page:perPage:)`` from its arguments; wins over ``followersResult``.
  public var followersHandler: FollowersHandler? {
    get { state.withLock { $0.followersHandler } }
    set { state.withLock { $0.followersHandler = newValue } }
  }

  /// Answers ``followersPage(at:)`` from the URL; wins over ``followersPageResult``.
  public var followersPageHandler: FollowersPageHandler? {
    get { state.withLock { $0.followersPageHandler } }
    set { state.withLock { $0.followersPageHandler = newValue } }
  }

  /// Answers ``profile(of:)`` from the username; wins over ``profileResult``.
  public var profileHandler: ProfileHandler? {
    get { state.withLock { $0.profileHandler } }
    set { state.withLock { $0.profileHandler = newValue } }
  }

  /// Answers ``searchUsers(_:)`` from the query; wins over ``searchResult``.
  public var searchHandler: SearchHandler? {
    get { state.withLock { $0.searchHandler } }
    set { state.withLock { $0.searchHandler = newValue } }
  }

  /// How long each call sleeps on ``clock`` before answering; can change at any time.
  public var delay: Duration {
    get { state.withLock { $0.delay } }
    set { state.withLock { $0.delay = newValue } }
  }

  /// Whether usernames are checked with ``GitHubUsername/validate(_:)`` before answering, as
  /// ``GitHubClient`` does; `true` by default.
  public var validatesUsernames: Bool {
    get { state.withLock { $0.validatesUsernames } }
    set { state.withLock { $0.validatesUsernames = newValue } }
  }

  // MARK: - Recording

  /// Every call so far, in the order they were made.
  public var calls: [Call] {
    state.withLock { $0.calls }
  }

  /// The number of calls so far.
  public var callCount: Int {
    state.withLock { $0.calls.count }
  }

  /// Forgets the recorded calls.
  public func resetCalls() {
    state.withLock { $0.calls = [] }
  }

  /// Waits until at least `count` calls have been made, without sleeping.
  ///
  /// - Parameter count: The number of calls to wait for (counted since the last
  ///   ``resetCalls()``).
  public func waitForCalls(_ count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.calls.count >= count { return true }
        state.callWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  // MARK: - FollowersService

  /// Records the call, checks the username, waits ``delay``, then answers with
  /// ``followersHandler`` or ``followersResult``.
  ///
  /// - Parameters:
  ///   - username: The login.
  ///   - page: The page number.
  ///   - perPage: Followers per page.
  /// - Returns: The configured page.
  /// - Throws: The configured error, ``GitHubError/invalidUsername(_:reason:)``, or
  ///   `CancellationError` when cancelled during the delay.
  public func followers(of username: String, page: Int, perPage: Int) async throws -> FollowersPage {
    let (handler, result) = try await prepare(
      .followers(username: username, page: page, perPage: perPage), username: username
    ) {
      ($0.followersHandler, $0.followersResult)
    }
    if let handler { return try await handler(username, page, perPage) }
    return try result.get()
  }

  /// Records the call, waits ``delay``, then answers with ``followersPageHandler`` or
  /// ``followersPageResult``.
  ///
  /// - Parameter url: The page's URL.
  /// - Returns: The configured page.
  /// - Throws: The configured error, or `CancellationError` when cancelled during the delay.
  public func followersPage(at url: URL) async throws -> FollowersPage {
    let (handler, result) = try await prepare(.followersPage(url), username: nil) {
      ($0.followersPageHandler, $0.followersPageResult)
    }
    if let handler { return try await handler(url) }
    return try result.get()
  }

  /// Records the call, checks the username, waits ``delay``, then answers with
  /// ``profileHandler`` or ``profileResult``.
  ///
  /// - Parameter username: The login.
  /// - Returns: The configured profile.
  /// - Throws: The configured error, ``GitHubError/invalidUsername(_:reason:)``, or
  ///   `CancellationError` when cancelled during the delay.
  public func profile(of username: String) async throws -> UserProfile {
    let (handler, result) = try await prepare(.profile(username), username: username) {
      ($0.profileHandler, $0.profileResult)
    }
    if let handler { return try await handler(username) }
    return try result.get()
  }

  /// Records the call, waits ``delay``, then answers with ``searchHandler`` or
  /// ``searchResult``.
  ///
  /// - Parameter query: The search query.
  /// - Returns: The configured result.
  /// - Throws: The configured error, or `CancellationError` when cancelled during the delay.
  public func searchUsers(_ query: String) async throws -> UserSearchResult {
    let (handler, result) = try await prepare(.searchUsers(query), username: nil) {
      ($0.searchHandler, $0.searchResult)
    }
    if let handler { return try await handler(query) }
    return try result.get()
  }

  // MARK: - Helpers

  /// Records the call, validates the username, sleeps the delay, and reads the configured
  /// answer under the lock.
  private func prepare<Answer: Sendable>(
    _ call: Call, username: String?, answer: @Sendable (State) -> Answer
  ) async throws -> Answer {
    let (delay, validates, waiters) = state.withLock { state in
      state.calls.append(call)
      let count = state.calls.count
      let ready = state.callWaiters.filter { $0.count <= count }.map(\.continuation)
      state.callWaiters.removeAll { $0.count <= count }
      return (state.delay, state.validatesUsernames, ready)
    }
    for waiter in waiters { waiter.resume() }
    if let username, validates {
      try GitHubUsername.validate(username)
    }
    if delay > .zero {
      try await clock.sleep(for: delay)
    } else {
      try Task.checkCancellation()
    }
    return state.withLock { answer($0) }
  }
}
