import ActionDispatch
import ActionDispatchTesting
import ConsumerApp
import Testing

/// A per-row action: each follower's Remove button has its own loading and error state.
@MainActor
@Suite(.serialExecutor) struct RemoveFollowerRowTests {
  private func loadedViewModel(_ service: MockFollowerListService) async -> FollowerListViewModel {
    service.fetchFollowersStub.succeed(with: ["mona", "hubot", "octocat"])
    let viewModel = FollowerListViewModel(service: service)
    await viewModel.fetchFollowers(for: "me").value
    return viewModel
  }

  @Test func removeFollowerSuccessRemovesOnlyThatRow() async {
    let service = MockFollowerListService()
    let viewModel = await loadedViewModel(service)

    await viewModel.removeFollower("hubot").value

    #expect(viewModel.followers == ["mona", "octocat"])
    #expect(service.removeFollowerStub.calls == ["hubot"])
    #expect(viewModel.errorMessage(for: .removeFollower("hubot")) == nil)
  }

  @Test func removeFollowerFailureRollsTheRowBackAndShowsItsErrorOnly() async {
    let service = MockFollowerListService()
    let viewModel = await loadedViewModel(service)
    service.removeFollowerStub.fail(with: ServiceError())

    await viewModel.removeFollower("hubot").value

    #expect(viewModel.followers == ["mona", "hubot", "octocat"])
    #expect(viewModel.errorMessage(for: .removeFollower("hubot")) == "The server is unreachable.")
    #expect(viewModel.errorMessage(for: .removeFollower("mona")) == nil)
    #expect(viewModel.toasts == ["Could not remove hubot: The server is unreachable."])
  }

  @Test func eachRowIsLoadingOnItsOwn() async {
    let service = MockFollowerListService()
    let viewModel = await loadedViewModel(service)
    let gate = Gate()
    service.removeFollowerStub.handle { _ in try await gate.pass() }
    let recorder = EventRecorder(viewModel)

    let run = viewModel.removeFollower("mona")
    #expect(viewModel.isLoading(for: .removeFollower("mona")))
    #expect(!viewModel.isLoading(for: .removeFollower("hubot")))
    viewModel.removeFollower("mona")  // a double tap on a row that is already gone is dropped
    gate.open()
    await run.value

    #expect(!viewModel.isLoading(for: .removeFollower("mona")))
    #expect(
      recorder.events == [
        .started(.removeFollower("mona")), .dropped(.removeFollower("mona")), .succeeded(.removeFollower("mona")),
      ])
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
