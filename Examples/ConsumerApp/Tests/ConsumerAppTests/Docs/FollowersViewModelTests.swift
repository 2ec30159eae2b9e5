// snippet: testing-imports
import ActionDispatchTesting
import Testing

@testable import ConsumerApp

// end snippet: testing-imports

/// The overview of ActionDispatchTesting and "One action per row", run as they are quoted.
@MainActor
@Suite(.serialExecutor) struct FollowersViewModelTests {
  // snippet: fetch-followers-lifecycle
  @Test func fetchFollowersLifecycle() async {
    let viewModel = FollowersViewModel(service: MockFollowersService())
    let recorder = EventRecorder(viewModel)
    await viewModel.fetchFollowers(for: "octocat").value
    #expect(recorder.events == [.started(.fetchFollowers), .succeeded(.fetchFollowers)])
  }
  // end snippet: fetch-followers-lifecycle

  @Test func aFailedUnfollowPutsTheRowBack() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service)
    await viewModel.fetchFollowers(for: "octocat").value
    service.unfollowStub.fail(with: StubError("offline"))

    let run = viewModel.unfollow("mona")
    #expect(viewModel.followers == ["hubot"])
    #expect(viewModel.isLoading(for: .unfollow("mona")))
    #expect(!viewModel.isLoading(for: .unfollow("hubot")))
    await run.value

    #expect(viewModel.followers == ["mona", "hubot"])
    #expect(viewModel.errorMessage(for: .unfollow("mona")) == "offline")
    #expect(viewModel.lastFailure == "Could not unfollow mona: offline")
  }

  @Test func aDoubleTappedUnfollowRemovesTheRowOnceAndADroppedTapRollsNothingBack() async {
    let service = MockFollowersService()
    let viewModel = FollowersViewModel(service: service)
    await viewModel.fetchFollowers(for: "octocat").value
    let gate = Gate()
    service.unfollowStub.handle { _ in try await gate.pass() }

    let run = viewModel.unfollow("mona")
    await viewModel.unfollow("mona").value  // dropped: no change made, none rolled back
    #expect(viewModel.followers == ["hubot"])
    gate.open()
    await run.value

    #expect(viewModel.followers == ["hubot"])
    #expect(service.unfollowStub.callCount == 1)
  }
}
