import ActionDispatch
import ActionDispatchTesting
import Testing

@testable import ConsumerApp

/// The tests of "Getting started" and "Testing a view model", run as they are quoted.
@MainActor
@Suite(.serialExecutor) struct ProfileViewModelTests {
  // snippet: load-success
  @Test func loadSuccess() async {
    let service = MockProfileService()
    service.profileStub.succeed(with: .fixture)
    let viewModel = ProfileViewModel(service: service)

    await viewModel.load("octocat").value

    #expect(viewModel.profile == .fixture)
    #expect(viewModel.errorMessage(for: .load) == nil)
    #expect(service.profileStub.calls == ["octocat"])
  }
  // end snippet: load-success

  // snippet: load-failure
  @Test func loadFailure() async {
    let service = MockProfileService()
    service.profileStub.fail(with: ProfileError.offline)
    let viewModel = ProfileViewModel(service: service)

    await viewModel.load("octocat").value

    #expect(viewModel.errorMessage(for: .load) == "You are offline.")
    #expect(viewModel.profile == nil)
  }
  // end snippet: load-failure

  // snippet: load-lifecycle
  @Test func loadLifecycle() async {
    let viewModel = ProfileViewModel(service: MockProfileService())
    let recorder = EventRecorder(viewModel)

    let run = viewModel.load("octocat")
    #expect(viewModel.isLoading(for: .load))
    await run.value

    #expect(!viewModel.isLoading(for: .load))
    #expect(recorder.events == [.started(.load), .succeeded(.load)])
  }
  // end snippet: load-lifecycle

  // snippet: getting-started-test
  @Test func loadRecordsItsLifecycle() async {
    let viewModel = ProfileViewModel(service: MockProfileService())
    let recorder = EventRecorder(viewModel)
    await viewModel.load("octocat").value
    #expect(recorder.events == [.started(.load), .succeeded(.load)])
  }
  // end snippet: getting-started-test

  @Test func cancellingWhileTheWorkWaitsAtAGate() async {
    let service = MockProfileService()
    let viewModel = ProfileViewModel(service: service)
    let recorder = EventRecorder(viewModel)
    // snippet: gate
    let gate = Gate()
    service.profileStub.handle { _ in
      try await gate.pass()
      return .fixture
    }
    let run = viewModel.load("octocat")
    await gate.arrivals(1)  // the work has started
    viewModel.cancel(.load)
    gate.open()
    await run.value
    #expect(recorder.events == [.started(.load), .cancelled(.load)])
    // end snippet: gate
    #expect(viewModel.profile == nil)
  }

  @Test func refreshDeliversWhatItLoaded() async {
    let viewModel = ProfileViewModel(service: MockProfileService())

    await viewModel.refresh("octocat")

    #expect(viewModel.profile == .fixture)
  }

  @Test func aTimeoutIsRetriedAndOtherErrorsAreNot() async {
    let service = MockProfileService()
    service.profileStub.fail(with: ProfileError.offline)
    let viewModel = ProfileViewModel(service: service)

    await viewModel.loadRetryingTimeouts("octocat").value

    #expect(service.profileStub.callCount == 1)
    #expect(viewModel.errorMessage(for: .load) == "You are offline.")
  }
}
