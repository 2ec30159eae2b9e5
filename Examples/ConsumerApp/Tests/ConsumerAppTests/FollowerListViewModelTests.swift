import ActionDispatch
import ActionDispatchTesting
import ConsumerApp
import Testing

@MainActor
@Suite(.serialExecutor) struct FollowerListViewModelTests {
  // MARK: fetchFollowers

  @Test func fetchFollowersSuccess() async {
    let service = MockFollowerListService()
    service.fetchFollowersStub.succeed(with: ["mona", "hubot"])
    let viewModel = FollowerListViewModel(service: service)

    await viewModel.fetchFollowers(for: "octocat").value

    #expect(viewModel.followers == ["mona", "hubot"])
    #expect(viewModel.errorMessage(for: .fetchFollowers) == nil)
    #expect(service.fetchFollowersStub.calls == ["octocat"])
  }

  @Test func fetchFollowersFailure() async {
    let service = MockFollowerListService()
    service.fetchFollowersStub.fail(with: ServiceError())
    let viewModel = FollowerListViewModel(service: service)

    await viewModel.fetchFollowers(for: "octocat").value

    #expect(viewModel.errorMessage(for: .fetchFollowers) == "The server is unreachable.")
    #expect(viewModel.toasts == ["Could not load followers: The server is unreachable."])
    #expect(viewModel.followers.isEmpty)
  }

  @Test func fetchFollowersLifecycle() async {
    let viewModel = FollowerListViewModel(service: MockFollowerListService())
    let recorder = EventRecorder(viewModel)

    let run = viewModel.fetchFollowers(for: "octocat")
    #expect(viewModel.isLoading(for: .fetchFollowers))
    await run.value

    #expect(!viewModel.isLoading(for: .fetchFollowers))
    #expect(recorder.events == [.started(.fetchFollowers), .succeeded(.fetchFollowers)])
  }

  // MARK: follow

  @Test func followSuccess() async {
    let service = MockFollowerListService()
    service.followStub.succeed(with: 11)
    let viewModel = FollowerListViewModel(service: service)

    await viewModel.follow("mona").value

    #expect(viewModel.followingCount == 11)
    #expect(viewModel.errorMessage(for: .follow) == nil)
  }

  @Test func followFailure() async {
    let service = MockFollowerListService()
    service.followStub.fail(with: ServiceError())
    let viewModel = FollowerListViewModel(service: service)

    await viewModel.follow("mona").value

    #expect(viewModel.errorMessage(for: .follow) == "The server is unreachable.")
    #expect(viewModel.followingCount == nil)
  }

  @Test func followLifecycleDropsADoubleTap() async {
    let service = MockFollowerListService()
    let gate = Gate()
    service.followStub.handle { _ in
      try await gate.pass()
      return 1
    }
    let viewModel = FollowerListViewModel(service: service)
    let recorder = EventRecorder(viewModel)

    let first = viewModel.follow("mona")
    let second = viewModel.follow("mona")
    gate.open()
    await first.value
    await second.value

    #expect(recorder.events == [.started(.follow), .dropped(.follow), .succeeded(.follow)])
    #expect(service.followStub.callCount == 1)
  }
}
