import ActionDispatch
import ActionDispatchTesting
import Testing

@testable import GitHubFollowers

@MainActor
@Suite(.serialExecutor, .strict) struct FollowersViewModelTests {
  // MARK: - fetchFollowers

  @Test func fetchFollowersSuccess() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())

    await viewModel.fetchFollowers(for: "octocat").value

    #expect(viewModel.errorMessage(for: .fetchFollowers) == nil)
    #expect(viewModel.followers == Array(DemoFixtures.followers.prefix(30)))
    #expect(viewModel.hasMorePages)
  }

  @Test func fetchFollowersFailure() async {
    let service = MockFollowersService()
    service.followersStub.fail(with: GitHubError.notFound("octocat"))
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())

    await viewModel.fetchFollowers(for: "octocat").value

    #expect(viewModel.errorMessage(for: .fetchFollowers) == GitHubError.notFound("octocat").description)
    #expect(viewModel.followers.isEmpty)
  }

  @Test func fetchFollowersLifecycle() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    let recorder = EventRecorder(viewModel)
    let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

    let run = harness.send { _ in viewModel.fetchFollowers(for: "octocat") }
    #expect(viewModel.isLoading(for: .fetchFollowers))
    await run.value

    #expect(!viewModel.isLoading(for: .fetchFollowers))
    #expect(recorder.events == [.started(.fetchFollowers), .succeeded(.fetchFollowers)])
  }

  // MARK: - loadNextPage

  @Test func loadNextPageSuccess() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    await viewModel.fetchFollowers(for: "octocat").value

    await viewModel.loadNextPage().value

    #expect(viewModel.errorMessage(for: .loadNextPage) == nil)
    #expect(viewModel.followers == DemoFixtures.followers)
    #expect(!viewModel.hasMorePages)
  }

  @Test func loadNextPageFailure() async {
    let service = MockFollowersService()
    service.followersPageStub.fail(with: GitHubError.serverError(status: 502))
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    await viewModel.fetchFollowers(for: "octocat").value

    await viewModel.loadNextPage().value

    #expect(viewModel.errorMessage(for: .loadNextPage) == GitHubError.serverError(status: 502).description)
    #expect(viewModel.followers.count == 30, "a failed page keeps every follower already loaded")
    #expect(viewModel.hasMorePages)
  }

  @Test func loadNextPageLifecycle() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    await viewModel.fetchFollowers(for: "octocat").value
    let recorder = EventRecorder(viewModel)
    let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

    let run = harness.send { _ in viewModel.loadNextPage() }
    #expect(viewModel.isLoading(for: .loadNextPage))
    await run.value

    #expect(!viewModel.isLoading(for: .loadNextPage))
    #expect(recorder.events == [.started(.loadNextPage), .succeeded(.loadNextPage)])
  }

  // MARK: - loadAllPages

  @Test func loadAllPagesSuccess() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())

    await viewModel.loadAllPages(for: "octocat", perPage: 20).value

    #expect(viewModel.errorMessage(for: .loadAllPages) == nil)
    #expect(viewModel.followers == DemoFixtures.followers)
    #expect(viewModel.pagesLoaded == 3 && viewModel.lastPage == 3)
  }

  @Test func loadAllPagesFailure() async {
    let service = MockFollowersService()
    service.followersPageStub.fail(with: GitHubError.serverError(status: 502))
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())

    await viewModel.loadAllPages(for: "octocat", perPage: 20).value

    #expect(viewModel.errorMessage(for: .loadAllPages) == GitHubError.serverError(status: 502).description)
    #expect(viewModel.followers.count == 20, "the pages before the failure stay listed")
  }

  @Test func loadAllPagesLifecycle() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    let recorder = EventRecorder(viewModel)
    let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

    let run = harness.send { _ in viewModel.loadAllPages(for: "octocat", perPage: 20) }
    #expect(viewModel.isLoading(for: .loadAllPages))
    await run.value

    #expect(!viewModel.isLoading(for: .loadAllPages))
    #expect(recorder.events == [.started(.loadAllPages), .succeeded(.loadAllPages)])
  }

  // MARK: - fetchProfile

  @Test func fetchProfileSuccess() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())

    await viewModel.fetchProfile(for: "octocat").value

    #expect(viewModel.errorMessage(for: .fetchProfile) == nil)
    #expect(viewModel.profile == DemoFixtures.profile)
  }

  @Test func fetchProfileFailure() async {
    let service = MockFollowersService()
    service.profileStub.fail(with: GitHubError.badCredentials)
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())

    await viewModel.fetchProfile(for: "octocat").value

    #expect(viewModel.errorMessage(for: .fetchProfile) == GitHubError.badCredentials.description)
    #expect(viewModel.profile == nil)
  }

  @Test func fetchProfileLifecycle() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    let recorder = EventRecorder(viewModel)
    let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

    let run = harness.send { _ in viewModel.fetchProfile(for: "octocat") }
    #expect(viewModel.isLoading(for: .fetchProfile))
    await run.value

    #expect(!viewModel.isLoading(for: .fetchProfile))
    #expect(recorder.events == [.started(.fetchProfile), .succeeded(.fetchProfile)])
  }

  // MARK: - loadProfile

  @Test func loadProfileSuccess() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())

    await viewModel.loadProfile(of: DemoFixtures.followers[0]).value

    #expect(viewModel.errorMessage(for: .loadProfile) == nil)
    #expect(viewModel.profiles["amber-otter"] == DemoFixtures.profile(of: "amber-otter"))
  }

  @Test func loadProfileFailure() async {
    let service = MockFollowersService()
    service.profileStub.fail(with: GitHubError.badCredentials)
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())

    await viewModel.loadProfile(of: DemoFixtures.followers[0]).value

    #expect(viewModel.errorMessage(for: .loadProfile) == GitHubError.badCredentials.description)
    #expect(viewModel.profiles.failure(for: "amber-otter") == GitHubError.badCredentials.description)
  }

  @Test func loadProfileLifecycle() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    let recorder = EventRecorder(viewModel)
    let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

    let run = harness.send { _ in viewModel.loadProfile(of: DemoFixtures.followers[0]) }
    #expect(viewModel.isLoading(for: .loadProfile))
    await run.value

    #expect(!viewModel.isLoading(for: .loadProfile))
    #expect(recorder.events == [.started(.loadProfile), .succeeded(.loadProfile)])
  }

  // MARK: - searchUsers

  @Test func searchUsersSuccess() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())

    await viewModel.search("octo").value

    #expect(viewModel.errorMessage(for: .searchUsers) == nil)
    #expect(viewModel.searchResults == DemoFixtures.search("octo").items)
  }

  @Test func searchUsersFailure() async {
    let service = MockFollowersService()
    service.searchUsersStub.fail(with: GitHubError.secondaryRateLimit(retryAfter: nil))
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())

    await viewModel.search("octo").value

    #expect(viewModel.errorMessage(for: .searchUsers) == GitHubError.secondaryRateLimit(retryAfter: nil).description)
    #expect(viewModel.searchResults.isEmpty)
  }

  @Test func searchUsersLifecycle() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    let recorder = EventRecorder(viewModel)
    let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

    let run = harness.send { _ in viewModel.search("octo") }
    #expect(viewModel.isLoading(for: .searchUsers))
    await run.value

    #expect(!viewModel.isLoading(for: .searchUsers))
    #expect(recorder.events == [.started(.searchUsers), .succeeded(.searchUsers)])
  }
}
