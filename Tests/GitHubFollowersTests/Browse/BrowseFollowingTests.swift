import ActionDispatch
import ActionDispatchTesting
import GitHubFollowers
import Testing

/// `f` and `u`: a keyed action per row, marked at once and rolled back when it fails.
@MainActor
@Suite(.serialExecutor) struct BrowseFollowingTests {
  @Test func followMarksTheRowAtOnceAndKeepsTheMarkWhenItSucceeds() async throws {
    let gate = Gate()
    let following = MockFollowingService()
    following.followStub.handle { _ in await gate.passIgnoringCancellation() }
    let browser = BrowseFixtures.browser(
      service: BrowseFixtures.service(followers: 30), following: following, clock: TestClock())
    await browser.start().value

    browser.follow()
    #expect(browser.following["user-0"] == true)
    #expect(browser.rowState(for: "user-0") == .working)
    #expect(browser.rowState(for: "user-1") == .idle)
    await gate.arrivals(1)
    gate.open()
    try await browser.waitUntilIdle(.follow(login: "user-0"))

    #expect(browser.rowState(for: "user-0") == .following)
    #expect(following.followStub.calls == ["user-0"])
  }

  @Test func aFailedFollowRollsBackAndMarksOnlyItsRowAndRRetriesIt() async throws {
    let following = MockFollowingService()
    following.followStub.fail(with: GitHubError.serverError(status: 500))
    let browser = BrowseFixtures.browser(
      service: BrowseFixtures.service(followers: 30), following: following, clock: TestClock())
    await browser.start().value
    browser.moveDown()

    browser.follow()
    try await browser.waitUntilIdle(.follow(login: "user-1"))

    #expect(browser.following["user-1"] == nil)
    guard case .failed = browser.rowState(for: "user-1") else {
      Issue.record("row state \(browser.rowState(for: "user-1"))")
      return
    }
    #expect(browser.rowState(for: "user-0") == .idle)

    following.followStub.handle { _ in }
    browser.retry()
    try await browser.waitUntilIdle(.follow(login: "user-1"))
    #expect(browser.rowState(for: "user-1") == .following)
    #expect(following.followStub.calls == ["user-1", "user-1"])
  }

  @Test func aFollowSupersededByAnUnfollowThatFailsLeavesTheRowAsItWas() async throws {
    let gate = Gate()
    let following = MockFollowingService()
    following.followStub.handle { _ in try await gate.pass() }
    following.unfollowStub.fail(with: GitHubError.serverError(status: 500))
    let browser = BrowseFixtures.browser(
      service: BrowseFixtures.service(followers: 30), following: following, clock: TestClock())
    await browser.start().value

    browser.follow()
    browser.unfollow()  // supersedes the follow
    #expect(browser.following["user-0"] == false)
    try await browser.waitUntilIdle(.follow(login: "user-0"))

    // Both marks rolled back, newest first: not "following", which the follow's mark would leave.
    #expect(browser.following["user-0"] == nil)
    guard case .failed = browser.rowState(for: "user-0") else {
      Issue.record("row state \(browser.rowState(for: "user-0"))")
      return
    }
  }

  @Test func withoutATokenTheNoticeSaysSoAndNothingIsSent() async {
    let following = MockFollowingService(unavailableReason: "Following needs a token.")
    let browser = BrowseFixtures.browser(
      service: BrowseFixtures.service(followers: 30), following: following, clock: TestClock())
    await browser.start().value

    browser.follow()
    browser.unfollow()

    #expect(browser.notice == "Following needs a token.")
    #expect(following.followStub.callCount == 0)
    #expect(following.unfollowStub.callCount == 0)
    #expect(browser.rowState(for: "user-0") == .idle)
  }

  @Test func theDemoRefusesItsOneUnfollowableUser() async throws {
    let demo = DemoFollowersService(followDelay: .zero)
    try await demo.follow("amber-otter")
    await #expect(throws: DemoFollowRefusedError(login: DemoFixtures.unfollowableLogin)) {
      try await demo.unfollow(GitHubUsername(DemoFixtures.unfollowableLogin))
    }
    #expect(demo.followingUnavailableReason == nil)
  }
}
