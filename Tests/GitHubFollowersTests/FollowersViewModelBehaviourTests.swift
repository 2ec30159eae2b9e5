import ActionDispatch
import ActionDispatchTesting
import GitHubAPITestSupport
import GitHubFollowers
import Testing

/// What FollowersViewModel promises beyond each action's success, failure and lifecycle.
@MainActor
@Suite(.serialExecutor) struct FollowersViewModelBehaviourTests {
  @Test(arguments: ["", "../etc", "octo cat", "a/b", String(repeating: "a", count: 40)])
  func invalidUsernameIsRejectedBeforeAnyRequest(username: String) async {
    // Checked once, where the text comes in: a malformed name never becomes the
    // GitHubUsername the view model and the client take, so nothing can send it.
    let http = StubHTTPClient(always: .json(200, "[]"))
    let viewModel = FollowersViewModel(
      service: GitHubClient(configuration: .init(maxRetries: 0), httpClient: http), clock: ImmediateClock())

    #expect(throws: GitHubError.self) { try GitHubUsername(username) }

    #expect(http.requestCount == 0)
    #expect(viewModel.followers.isEmpty)
  }

  @Test func typingSendsOneSearchForTheLastQuery() async {
    let clock = TestClock()
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: clock)

    let runs = ["o", "oc", "oct", "octo"].map { viewModel.search($0) }
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(300))
    for run in runs { await run.value }

    #expect(service.searchUsersStub.calls == ["octo"])
    #expect(service.callCount == 1)
    #expect(viewModel.searchResults == DemoFixtures.search("octo").items)
  }

  @Test func staleSearchNeverOverwritesANewerOne() async {
    let gate = Gate()
    let service = MockFollowersService()
    service.searchUsersStub.handle { query in
      if query == "old" { await gate.passIgnoringCancellation() }
      return DemoFixtures.search(query)
    }
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock(), searchDebounce: .zero)

    let old = viewModel.search("old")
    await gate.arrivals(1)
    await viewModel.search("octo").value
    gate.open()
    await old.value

    #expect(viewModel.searchResults == DemoFixtures.search("octo").items)
  }

  @Test func emptyQueryClearsResultsWithoutARequest() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock(), searchDebounce: .zero)
    await viewModel.search("octo").value

    await viewModel.search("   ").value

    #expect(viewModel.searchResults.isEmpty)
    #expect(service.callCount == 1)
  }

  @Test func doubleTappedNextPageLoadsOnePage() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    await viewModel.fetchFollowers(for: "octocat", perPage: 10).value

    let first = viewModel.loadNextPage()
    let second = viewModel.loadNextPage()
    await first.value
    await second.value

    #expect(viewModel.followers == Array(DemoFixtures.followers.prefix(20)))
  }

  @Test func newUserCancelsPageLoadsForThePreviousOne() async {
    let gate = Gate()
    let service = MockFollowersService()
    service.followersPageStub.handle { url in
      await gate.passIgnoringCancellation()
      return try DemoFixtures.followersPage(at: url)
    }
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    await viewModel.fetchFollowers(for: "octocat").value
    let stalePage = viewModel.loadNextPage()
    await gate.arrivals(1)

    service.followersStub.succeed(with: FollowersPage(followers: [], page: 1, lastPage: 1))
    await viewModel.fetchFollowers(for: "hubot").value
    gate.open()
    await stalePage.value

    #expect(viewModel.username == "hubot")
    #expect(viewModel.followers.isEmpty, "octocat's page 2 must not land in hubot's list")
  }

  @Test func loadNextPageWithoutANextPageDoesNothing() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service, clock: ImmediateClock())
    await viewModel.loadNextPage().value
    #expect(service.callCount == 0)
    #expect(!viewModel.isLoading(for: .loadNextPage))
  }
}
