import ActionDispatch
import ActionDispatchTesting
import Testing

@testable import GitHubFollowers

@MainActor
@Suite(.serialExecutor, .strict(.exhaustive)) struct FollowersViewModelTests {
  // MARK: - fetchFollowers

  @Test func fetchFollowersSuccess() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    let harness = StrictHarness(viewModel)  // exhaustive: each change must be expected, in order

    let run = harness.send { _ in viewModel.fetchFollowers(for: "octocat") }
    harness.expect(.startedLoading(.fetchFollowers))
    await run.value
    harness.expect(
      .set(\.username, to: "octocat"), .set(\.followers, to: Array(DemoFixtures.followers.prefix(30))),
      .set(\.hasMorePages, to: true), .set(\.pagesLoaded, to: 1), .set(\.lastPage, to: 2),
      .stoppedLoading(.fetchFollowers))
  }

  @Test func fetchFollowersFailure() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    service.followersStub.fail(with: GitHubError.notFound("octocat"))
    let harness = StrictHarness(viewModel)

    let run = harness.send { _ in viewModel.fetchFollowers(for: "octocat") }
    harness.expect(.startedLoading(.fetchFollowers))
    await run.value
    harness.expect(
      .failed(.fetchFollowers, GitHubError.notFound("octocat").description), .stoppedLoading(.fetchFollowers))
  }

  @Test func fetchFollowersLifecycle() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    let recorder = EventRecorder(viewModel)
    let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

    let run = harness.send { _ in viewModel.fetchFollowers(for: "octocat") }
    harness.expect(.startedLoading(.fetchFollowers))
    await run.value
    harness.expect(
      .set(\.username, to: "octocat"), .set(\.followers, to: Array(DemoFixtures.followers.prefix(30))),
      .set(\.hasMorePages, to: true), .set(\.pagesLoaded, to: 1), .set(\.lastPage, to: 2),
      .stoppedLoading(.fetchFollowers))
    #expect(recorder.events == [.started(.fetchFollowers), .succeeded(.fetchFollowers)])
  }

  // MARK: - loadNextPage

  @Test func loadNextPageSuccess() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    await viewModel.fetchFollowers(for: "octocat").value
    let harness = StrictHarness(viewModel)  // exhaustive: each change must be expected, in order

    let run = harness.send { _ in viewModel.loadNextPage() }
    harness.expect(.startedLoading(.loadNextPage))
    await run.value
    harness.expect(
      .stoppedLoading(.loadNextPage), .set(\.followers, to: DemoFixtures.followers),
      .set(\.hasMorePages, to: false), .set(\.pagesLoaded, to: 2))
  }

  @Test func loadNextPageFailure() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    await viewModel.fetchFollowers(for: "octocat").value
    service.followersPageStub.fail(with: GitHubError.serverError(status: 502))
    let harness = StrictHarness(viewModel)

    let run = harness.send { _ in viewModel.loadNextPage() }
    harness.expect(.startedLoading(.loadNextPage))
    await run.value
    harness.expect(
      .failed(.loadNextPage, GitHubError.serverError(status: 502).description), .stoppedLoading(.loadNextPage))
    #expect(viewModel.followers.count == 30, "a failed page keeps every follower already loaded")
  }

  @Test func loadNextPageLifecycle() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    await viewModel.fetchFollowers(for: "octocat").value
    let recorder = EventRecorder(viewModel)
    let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

    let run = harness.send { _ in viewModel.loadNextPage() }
    harness.expect(.startedLoading(.loadNextPage))
    await run.value
    harness.expect(
      .stoppedLoading(.loadNextPage), .set(\.followers, to: DemoFixtures.followers),
      .set(\.hasMorePages, to: false), .set(\.pagesLoaded, to: 2))
    #expect(recorder.events == [.started(.loadNextPage), .succeeded(.loadNextPage)])
  }

  // MARK: - loadAllPages

  @Test func loadAllPagesSuccess() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    let harness = StrictHarness(viewModel)  // exhaustive: each change must be expected, in order

    let run = harness.send { _ in viewModel.loadAllPages(for: "octocat", perPage: 20) }
    harness.expect(.set(\.username, to: "octocat"), .startedLoading(.loadAllPages))
    await run.value
    harness.expect(
      .set(\.followers, to: DemoFixtures.followers), .set(\.pagesLoaded, to: 3), .set(\.lastPage, to: 3),
      .stoppedLoading(.loadAllPages))
  }

  @Test func loadAllPagesFailure() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    service.followersPageStub.fail(with: GitHubError.serverError(status: 502))
    let harness = StrictHarness(viewModel)

    let run = harness.send { _ in viewModel.loadAllPages(for: "octocat", perPage: 20) }
    harness.expect(.set(\.username, to: "octocat"), .startedLoading(.loadAllPages))
    await run.value
    harness.expect(  // the pages before the failure stay listed
      .set(\.followers, to: Array(DemoFixtures.followers.prefix(20))), .set(\.hasMorePages, to: true),
      .set(\.pagesLoaded, to: 1), .set(\.lastPage, to: 3),
      .failed(.loadAllPages, GitHubError.serverError(status: 502).description), .stoppedLoading(.loadAllPages))
  }

  @Test func loadAllPagesLifecycle() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    let recorder = EventRecorder(viewModel)
    let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

    let run = harness.send { _ in viewModel.loadAllPages(for: "octocat", perPage: 20) }
    harness.expect(.set(\.username, to: "octocat"), .startedLoading(.loadAllPages))
    await run.value
    harness.expect(
      .set(\.followers, to: DemoFixtures.followers), .set(\.pagesLoaded, to: 3), .set(\.lastPage, to: 3),
      .stoppedLoading(.loadAllPages))
    #expect(recorder.events == [.started(.loadAllPages), .succeeded(.loadAllPages)])
  }

  // MARK: - fetchProfile

  @Test func fetchProfileSuccess() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    let harness = StrictHarness(viewModel)  // exhaustive: each change must be expected, in order

    let run = harness.send { _ in viewModel.fetchProfile(for: "octocat") }
    harness.expect(.startedLoading(.fetchProfile))
    await run.value
    harness.expect(.set(\.profile, to: DemoFixtures.profile), .stoppedLoading(.fetchProfile))
  }

  @Test func fetchProfileFailure() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    service.profileStub.fail(with: GitHubError.badCredentials)
    let harness = StrictHarness(viewModel)

    let run = harness.send { _ in viewModel.fetchProfile(for: "octocat") }
    harness.expect(.startedLoading(.fetchProfile))
    await run.value
    harness.expect(.failed(.fetchProfile, GitHubError.badCredentials.description), .stoppedLoading(.fetchProfile))
  }

  @Test func fetchProfileLifecycle() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    let recorder = EventRecorder(viewModel)
    let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

    let run = harness.send { _ in viewModel.fetchProfile(for: "octocat") }
    harness.expect(.startedLoading(.fetchProfile))
    await run.value
    harness.expect(.set(\.profile, to: DemoFixtures.profile), .stoppedLoading(.fetchProfile))
    #expect(recorder.events == [.started(.fetchProfile), .succeeded(.fetchProfile)])
  }

  // MARK: - loadProfile

  @Test func loadProfileSuccess() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    let harness = StrictHarness(viewModel)  // exhaustive: each change must be expected, in order

    let run = harness.send { _ in viewModel.loadProfile(of: DemoFixtures.followers[0]) }
    harness.expect(.startedLoading(.loadProfile))
    await run.value
    harness.skipChanges()  // the profile is in the view model's cache: checked below
    #expect(!viewModel.isLoading(for: .loadProfile))
    #expect(viewModel.cachedProfile(of: "amber-otter") == DemoFixtures.profile(of: "amber-otter"))
  }

  @Test func loadProfileFailure() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    service.profileStub.fail(with: GitHubError.badCredentials)
    let harness = StrictHarness(viewModel)

    let run = harness.send { _ in viewModel.loadProfile(of: DemoFixtures.followers[0]) }
    harness.expect(.startedLoading(.loadProfile))
    await run.value
    harness.skipChanges()  // the failure is in the view model's cache: checked below
    #expect(viewModel.errorMessage(for: .loadProfile) == GitHubError.badCredentials.description)
    #expect(viewModel.profileError(of: DemoFixtures.followers[0]) == GitHubError.badCredentials.description)
  }

  @Test func loadProfileLifecycle() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    let recorder = EventRecorder(viewModel)
    let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

    let run = harness.send { _ in viewModel.loadProfile(of: DemoFixtures.followers[0]) }
    harness.expect(.startedLoading(.loadProfile))
    await run.value
    harness.skipChanges()  // the profile is in the view model's cache: checked below
    #expect(!viewModel.isLoading(for: .loadProfile))
    #expect(recorder.events == [.started(.loadProfile), .succeeded(.loadProfile)])
  }

  // MARK: - searchUsers

  @Test func searchUsersSuccess() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    let harness = StrictHarness(viewModel)  // exhaustive: each change must be expected, in order

    let run = harness.send { _ in viewModel.search("octo") }
    harness.expect(.startedLoading(.searchUsers))
    await run.value
    harness.expect(
      .set(\.searchResults, to: DemoFixtures.search("octo").items), .set(\.searchResultsQuery, to: "octo"),
      .stoppedLoading(.searchUsers))
  }

  @Test func searchUsersFailure() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    service.searchUsersStub.fail(with: GitHubError.secondaryRateLimit(retryAfter: nil))
    let harness = StrictHarness(viewModel)

    let run = harness.send { _ in viewModel.search("octo") }
    harness.expect(.startedLoading(.searchUsers))
    await run.value
    harness.expect(
      .failed(.searchUsers, GitHubError.secondaryRateLimit(retryAfter: nil).description), .stoppedLoading(.searchUsers))
  }

  @Test func searchUsersLifecycle() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    let recorder = EventRecorder(viewModel)
    let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

    let run = harness.send { _ in viewModel.search("octo") }
    harness.expect(.startedLoading(.searchUsers))
    await run.value
    harness.expect(
      .set(\.searchResults, to: DemoFixtures.search("octo").items), .set(\.searchResultsQuery, to: "octo"),
      .stoppedLoading(.searchUsers))
    #expect(recorder.events == [.started(.searchUsers), .succeeded(.searchUsers)])
  }
}
