import ActionDispatch
import ActionDispatchTesting
import Foundation
import GitHubFollowers
import Testing

/// `FollowersViewModel.loadProfile(of:force:)`: the profile of a moving selection, debounced and
/// read through the view model's `QueryCache` (fresh five minutes, a failure kept one, on the
/// view model's clock), and what `browse` shows.
@MainActor
@Suite(.serialExecutor) struct FollowersProfileLoaderTests {
  static func follower(_ login: String) -> Follower {
    Follower(login: login, id: 1, avatarURL: nil, htmlURL: nil)
  }

  static func viewModel(
    _ service: MockFollowersService, clock: TestClock, now: TestTime = TestTime()
  ) -> FollowersViewModel {
    FollowersViewModel(service: service, clock: clock, profileDebounce: .milliseconds(100), now: { now.date })
  }

  /// Lets a debounced request (if the call made one) run to its end. The clock's advance wakes
  /// a debounce that starts during it, so a loader that stopped debouncing fails a test instead
  /// of hanging it on a sleeper that never comes.
  static func settle(_ viewModel: FollowersViewModel, _ clock: TestClock) async throws {
    guard viewModel.isLoading(for: .loadProfile) else { return }
    await clock.advance(by: .milliseconds(100))
    try await viewModel.waitUntilIdle(.loadProfile)
  }

  @Test func aSelectionThatMovesSendsOneRequestForTheRowItRestsOnOnceItHasRested() async throws {
    let (service, clock) = (MockFollowersService(), TestClock())
    let viewModel = Self.viewModel(service, clock: clock)

    for login in ["amber-otter", "brisk-lynx", "calm-panda"] { viewModel.loadProfile(of: Self.follower(login)) }
    await clock.advance(by: .milliseconds(99))
    #expect(service.profileStub.callCount == 0)
    #expect(viewModel.isLoading(for: .loadProfile))
    await clock.advance(by: .milliseconds(1))
    try await viewModel.waitUntilIdle(.loadProfile)

    #expect(service.profileStub.calls == ["calm-panda"])
    #expect(viewModel.cachedProfile(of: "calm-panda")?.login == "calm-panda")
    #expect(viewModel.cachedProfile(of: "amber-otter") == nil)
    #expect(viewModel.cache.status(of: .profile("amber-otter")) == .absent)
  }

  @Test func nothingShownCancelsARequestStillWaiting() async throws {
    let (service, clock) = (MockFollowersService(), TestClock())
    let viewModel = Self.viewModel(service, clock: clock)

    viewModel.loadProfile(of: Self.follower("amber-otter"))
    viewModel.loadProfile(of: nil)
    try await viewModel.waitUntilIdle(.loadProfile)
    await clock.run()

    #expect(service.profileStub.callCount == 0)
  }

  @Test func aProfileShownAMomentAgoIsNotAskedForAgainAndAStaleOneIsShownWhileAskedFor() async throws {
    let (service, clock, now) = (MockFollowersService(), TestClock(), TestTime())
    let viewModel = Self.viewModel(service, clock: clock, now: now)
    let otter = Self.follower("amber-otter")
    viewModel.loadProfile(of: otter)
    try await Self.settle(viewModel, clock)

    await clock.advance(by: .seconds(299))
    viewModel.loadProfile(of: Self.follower("Amber-Otter"))
    #expect(!viewModel.isLoading(for: .loadProfile))
    #expect(service.profileStub.callCount == 1)

    await clock.advance(by: .seconds(2))
    viewModel.loadProfile(of: otter)
    #expect(viewModel.isLoading(for: .loadProfile))
    #expect(viewModel.cachedProfile(of: "amber-otter") != nil)
    try await Self.settle(viewModel, clock)
    #expect(service.profileStub.callCount == 2)

    viewModel.loadProfile(of: otter, force: true)
    try await Self.settle(viewModel, clock)
    #expect(service.profileStub.callCount == 3)
  }

  @Test func aFailureIsShownAndKeptAMinuteBeforeItIsAskedForAgain() async throws {
    let (service, clock, now) = (MockFollowersService(), TestClock(), TestTime())
    service.profileStub.fail(with: GitHubError.notFound("no user amber-otter"))
    let viewModel = Self.viewModel(service, clock: clock, now: now)
    let otter = Self.follower("amber-otter")
    viewModel.loadProfile(of: otter)
    try await Self.settle(viewModel, clock)
    let error = try #require(viewModel.profileError(of: otter))
    #expect(error.contains("no user amber-otter"))

    await clock.advance(by: .seconds(59))
    viewModel.loadProfile(of: otter)
    try await viewModel.waitUntilIdle(.loadProfile)
    #expect(viewModel.profileError(of: otter) == error)
    #expect(service.profileStub.callCount == 1)

    await clock.advance(by: .seconds(2))
    viewModel.loadProfile(of: otter)
    try await Self.settle(viewModel, clock)
    #expect(service.profileStub.callCount == 2)
    #expect(viewModel.profileError(of: Self.follower("brisk-lynx")) == nil)
  }

  @Test func aUsedUpRateLimitSendsNothingAndIsNotKeptAsTheProfilesFailure() async throws {
    let (service, clock, now) = (MockFollowersService(), TestClock(), TestTime())
    service.rateLimit.withLock {
      $0 = RateLimit(limit: 60, remaining: 0, resetAt: now.date.addingTimeInterval(600), resource: "core")
    }
    let viewModel = Self.viewModel(service, clock: clock, now: now)
    let otter = Self.follower("amber-otter")
    viewModel.loadProfile(of: otter)
    try await Self.settle(viewModel, clock)

    #expect(service.profileStub.callCount == 0)
    #expect(viewModel.profileError(of: otter)?.hasPrefix("GitHub's API rate limit is exhausted") == true)
    #expect(viewModel.cache.loadable(for: .profile("amber-otter")).failure == nil)
    #expect(viewModel.cache.status(of: .profile("amber-otter")) != .failed)

    service.rateLimit.withLock { $0 = nil }
    viewModel.loadProfile(of: otter)
    try await Self.settle(viewModel, clock)
    #expect(service.profileStub.calls == ["amber-otter"])
    #expect(viewModel.profileError(of: otter) == nil)
  }

  @Test func browseAsksForEachSelectedRowsProfileOnceThroughItsFollowersViewModel() async throws {
    let clock = TestClock()
    let service = BrowseFixtures.service(followers: 30)
    let browser = BrowseFixtures.browser(service: service, clock: clock)
    let heard = EventRecorder(browser.users)
    await browser.start().value
    try await Self.settle(browser.users, clock)

    for _ in 0..<3 {
      browser.moveDown()
      try await Self.settle(browser.users, clock)
    }
    for _ in 0..<3 {
      browser.moveUp()
      try await Self.settle(browser.users, clock)
    }

    #expect(service.profileStub.calls.filter { $0 != "octocat" } == ["user-0", "user-1", "user-2", "user-3"])
    #expect(heard.events.filter { $0 == .succeeded(.loadProfile) }.count == 4)
    #expect(browser.selectedProfile == browser.users.cachedProfile(of: "user-0"))
    #expect(browser.cache === browser.users.cache)
    #expect(browser.cache === browser.current.followers.cache)
    #expect(browser.selectedProfile?.login == "user-0")
  }
}
