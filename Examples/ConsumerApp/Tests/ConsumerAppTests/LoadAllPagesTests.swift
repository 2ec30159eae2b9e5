import ActionDispatch
import ActionDispatchTesting
import ConsumerApp
import Testing

/// A streaming action and the loading indicator, from outside the ActionDispatch module.
@MainActor
@Suite(.serialExecutor) struct LoadAllPagesTests {
  @Test func appendsEveryPageInOrder() async {
    let service = MockFollowerListService()
    service.followerPagesStub.succeed(with: [["mona", "hubot"], ["octocat"]])
    let viewModel = FollowerListViewModel(service: service)
    var pages: [[String]] = []
    let token = viewModel.observe { On(.loadAllPages).element { (page: [String]) in pages.append(page) } }

    await viewModel.loadAllPages(for: "octocat").value

    #expect(viewModel.followers == ["mona", "hubot", "octocat"])
    #expect(pages == [["mona", "hubot"], ["octocat"]])
    #expect(viewModel.errorMessage(for: .loadAllPages) == nil)
    #expect(service.followerPagesStub.calls == ["octocat"])
    token.cancel()
  }

  @Test func aFailureIsRecordedAndToasted() async {
    let service = MockFollowerListService()
    service.followerPagesStub.fail(with: ServiceError())
    let viewModel = FollowerListViewModel(service: service)

    await viewModel.loadAllPages(for: "octocat").value

    #expect(viewModel.errorMessage(for: .loadAllPages) == "The server is unreachable.")
    #expect(viewModel.toasts == ["Could not load followers: The server is unreachable."])
  }

  @Test func aNewLoadSupersedesTheOneInFlightWhosePagesNeverArrive() async {
    let service = MockFollowerListService()
    let gate = Gate()
    service.followerPagesStub.handle { name in
      if name == "slow" { await gate.passIgnoringCancellation() }
      return [[name + "-1"], [name + "-2"]]
    }
    let viewModel = FollowerListViewModel(service: service)
    let recorder = EventRecorder(viewModel)

    let first = viewModel.loadAllPages(for: "slow")
    await gate.arrivals(1)
    let second = viewModel.loadAllPages(for: "fast")
    await second.value
    gate.open()
    await first.value

    #expect(viewModel.followers == ["fast-1", "fast-2"])
    #expect(
      recorder.events == [
        .started(.loadAllPages), .started(.loadAllPages), .cancelled(.loadAllPages), .succeeded(.loadAllPages),
      ])
  }

  @Test func theSpinnerShowsOnlyAfter150MillisecondsAndStaysAtLeast400() async {
    let clock = TestClock()
    let service = MockFollowerListService()
    let gate = Gate()
    service.followerPagesStub.handle { _ in
      try await gate.pass()
      return [["mona"]]
    }
    let viewModel = FollowerListViewModel(service: service, clock: clock)

    let run = viewModel.loadAllPages(for: "octocat")
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(149))
    #expect(viewModel.isLoading(for: .loadAllPages))
    #expect(!viewModel.isShowingLoading(for: .loadAllPages), "no flash on a fast load")
    await clock.advance(by: .milliseconds(1))
    #expect(viewModel.isShowingLoading(for: .loadAllPages))
    gate.open()
    await run.value
    #expect(viewModel.isShowingLoading(for: .loadAllPages), "shown just now: stays for 400 ms")
    await clock.advance(by: .milliseconds(400))
    #expect(!viewModel.isShowingLoading(for: .loadAllPages))
    #expect(viewModel.followers == ["mona"])
  }

  @Test func aFastLoadNeverShowsTheSpinner() async {
    let clock = TestClock()
    let service = MockFollowerListService()
    service.followerPagesStub.succeed(with: [["mona"]])
    let viewModel = FollowerListViewModel(service: service, clock: clock)

    await viewModel.loadAllPages(for: "octocat").value
    await clock.run()

    #expect(!viewModel.isShowingLoading(for: .loadAllPages))
    #expect(viewModel.followers == ["mona"])
  }
}
