import ActionDispatch
import ActionDispatchTesting
import ConsumerApp
import Testing

/// A per-row action: each follower's Unfollow button has its own loading and error state.
@MainActor
@Suite struct UnfollowRowTests {
  private func loadedViewModel(_ service: MockFollowerListService) async -> FollowerListViewModel {
    service.fetchFollowersStub.succeed(with: ["mona", "hubot", "octocat"])
    let viewModel = FollowerListViewModel(service: service)
    await viewModel.fetchFollowers(for: "me").value
    return viewModel
  }

  @Test func unfollowSuccessRemovesOnlyThatRow() async {
    let service = MockFollowerListService()
    let viewModel = await loadedViewModel(service)

    await viewModel.unfollow("hubot").value

    #expect(viewModel.followers == ["mona", "octocat"])
    #expect(service.unfollowStub.calls == ["hubot"])
    #expect(viewModel.error(for: .unfollow("hubot")) == nil)
  }

  @Test func unfollowFailureRollsTheRowBackAndShowsItsErrorOnly() async {
    let service = MockFollowerListService()
    let viewModel = await loadedViewModel(service)
    service.unfollowStub.fail(with: ServiceError())

    await viewModel.unfollow("hubot").value

    #expect(viewModel.followers == ["mona", "hubot", "octocat"])
    #expect(viewModel.error(for: .unfollow("hubot")) == "The server is unreachable.")
    #expect(viewModel.error(for: .unfollow("mona")) == nil)
    #expect(viewModel.toasts == ["Could not unfollow hubot: The server is unreachable."])
  }

  @Test func eachRowIsLoadingOnItsOwn() async {
    let service = MockFollowerListService()
    let viewModel = await loadedViewModel(service)
    let gate = Gate()
    service.unfollowStub.handle { _ in try await gate.pass() }
    let recorder = EventRecorder(viewModel)

    let run = viewModel.unfollow("mona")
    #expect(viewModel.isLoading(for: .unfollow("mona")))
    #expect(!viewModel.isLoading(for: .unfollow("hubot")))
    viewModel.unfollow("mona")  // a double tap on a row that is already gone does nothing
    gate.open()
    await run.value

    #expect(!viewModel.isLoading(for: .unfollow("mona")))
    #expect(recorder.events == [.started(.unfollow("mona")), .succeeded(.unfollow("mona"))])
  }

  @Test func releasingTheViewModelCancelsItsWorkAndDeliversNothing() async {
    let service = MockFollowerListService()
    let gate = Gate()
    service.fetchFollowersStub.handle { _ in
      try await gate.pass()
      return ["mona"]
    }
    var viewModel: FollowerListViewModel? = FollowerListViewModel(service: service)
    weak let released = viewModel
    let run = viewModel!.fetchFollowers(for: "octocat")
    await gate.arrivals(1)

    viewModel = nil

    #expect(released == nil, "the README's view model must not be kept alive by its own run")
    await run.value
    #expect(run.isCancelled)
  }
}
