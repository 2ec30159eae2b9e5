/// The code `action-dispatch scaffold` must generate, written out whole (the help texts are in
/// ScaffoldCommandTests+ExpectedHelp.swift).
extension ScaffoldCommandTests {
  /// The test file of `scaffold action unfollow --view-model FollowerListViewModel`, module ConsumerApp.
  static let unfollowTestFile = #"""
    import ActionDispatch
    import ActionDispatchTesting
    import Testing

    @testable import ConsumerApp

    @MainActor
    @Suite(.serialExecutor, .strict(.exhaustive)) struct FollowerListViewModelUnfollowTests {
      // MARK: - unfollow

      @Test func unfollowSuccess() async {
        let service = MockFollowerListService()
        let viewModel = FollowerListViewModel(service: service)
        let harness = StrictHarness(viewModel)  // exhaustive: each change must be expected, in order

        let run = harness.send { _ in viewModel.unfollow() }
        harness.expect(.startedLoading(.unfollow))
        await run.value
        harness.expect(.stoppedLoading(.unfollow))
        #expect(service.unfollowStub.callCount == 1)
      }

      @Test func unfollowFailure() async {
        let service = MockFollowerListService()
        let viewModel = FollowerListViewModel(service: service)
        service.unfollowStub.fail(with: StubError("unfollow failed"))
        let harness = StrictHarness(viewModel)

        let run = harness.send { _ in viewModel.unfollow() }
        harness.expect(.startedLoading(.unfollow))
        await run.value
        harness.expect(.failed(.unfollow, "unfollow failed"), .stoppedLoading(.unfollow))
      }

      @Test func unfollowLifecycle() async {
        let service = MockFollowerListService()
        let viewModel = FollowerListViewModel(service: service)
        let recorder = EventRecorder(viewModel)
        let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

        let run = harness.send { _ in viewModel.unfollow() }
        harness.expect(.startedLoading(.unfollow))
        await run.value
        harness.expect(.stoppedLoading(.unfollow))
        #expect(recorder.events == [.started(.unfollow), .succeeded(.unfollow)])
      }
    }

    """#

  /// The enum case and method stub it prints to paste.
  static let unfollowPaste = #"""
    // Add to the enum FollowerListAction:

      case unfollow

    // Add to the class FollowerListViewModel, which keeps its service in `let service`:

      /// Runs `unfollow`: say what it loads or changes.
      ///
      /// - Returns: The run's task; await it to wait for the whole run, hooks included.
      @discardableResult
      public func unfollow() -> Task<Void, Never> {
        dispatch(
          actionId: .unfollow,
          task: { [service] in  // Capture the service, not self, so releasing the view model cancels the run.
            try await service.unfollow()  // FILL IN: the one service call this action makes.
          }
        ) { viewModel, _ in
          // Keep what the call returned in a property of viewModel here, for the view to show.
        }
      }

    // Add to the protocol FollowerListService (the call above; give it your call's result):

      func unfollow() async throws

    // Add to the mock MockFollowerListService, in your test target (the tests set and check the Stub):

      let unfollowStub = Stub<Void, Void>(returning: ())

      func unfollow() async throws {
        try await unfollowStub()
      }

    """#

  /// `scaffold view-model ProfileViewModel --module MyApp`: three files, each after its header.
  static let profileViewModelListing = #"""
    // File ProfileViewModel.swift, in your app target:

    import ActionDispatch
    import Observation

    /// The actions of ``ProfileViewModel``: one case per method that calls the service.
    public enum ProfileAction: ActionIdType {
      case load
    }

    /// What ``ProfileViewModel`` needs from outside: the network, the disk, the system.
    ///
    /// Tests use a mock with one `Stub` per method, named after the method: `loadStub`.
    public protocol ProfileService: Sendable {
      /// Fetches what the view shows.
      func load() async throws -> String
    }

    /// Say what this screen shows and what the user can do there.
    ///
    /// > Important: Keep `@Observable` on this class. Observation tracks only the properties of a
    /// > class that carries the macro itself: without it, views never see `value` change.
    ///
    /// > Important: In a task closure, capture the service (`[service] in`), not `self`, so that
    /// > releasing the view model cancels its work in flight.
    @MainActor
    @Observable
    public final class ProfileViewModel: BaseViewModel<ProfileAction> {
      /// What the last `load` returned.
      public private(set) var value: String?

      private let service: any ProfileService

      /// Creates the view model.
      ///
      /// - Parameter service: Where the data comes from; a mock in tests.
      public init(service: any ProfileService) {
        self.service = service
        super.init()
      }

      /// Fetches what the view shows and keeps it in ``value``.
      ///
      /// - Returns: The run's task; await it to wait for the whole run, hooks included.
      @discardableResult
      public func load() -> Task<Void, Never> {
        dispatch(
          actionId: .load,
          task: { [service] in
            try await service.load()
          }
        ) { viewModel, value in
          viewModel.value = value
        }
      }
    }

    // File MockProfileService.swift, in your test target:

    import ActionDispatchTesting
    @testable import MyApp

    /// A ``ProfileService`` for tests: one `Stub` per method, named after the method.
    ///
    /// A test sets what a call returns or throws, then checks how it was called:
    ///
    /// ```swift
    /// service.loadStub.fail(with: StubError("offline"))
    /// #expect(service.loadStub.callCount == 1)
    /// ```
    final class MockProfileService: ProfileService {
      let loadStub = Stub<Void, String>(returning: "")

      func load() async throws -> String {
        try await loadStub()
      }
    }

    // File ProfileViewModelTests.swift, in your test target:

    import ActionDispatch
    import ActionDispatchTesting
    import Testing

    @testable import MyApp

    @MainActor
    @Suite(.serialExecutor, .strict(.exhaustive)) struct ProfileViewModelTests {
      // MARK: - load

      @Test func loadSuccess() async {
        let service = MockProfileService()
        let viewModel = ProfileViewModel(service: service)
        let harness = StrictHarness(viewModel)  // exhaustive: each change must be expected, in order

        let run = harness.send { _ in viewModel.load() }
        harness.expect(.startedLoading(.load))
        await run.value
        harness.expect(.set(\.value, to: ""), .stoppedLoading(.load))
        #expect(service.loadStub.callCount == 1)
      }

      @Test func loadFailure() async {
        let service = MockProfileService()
        let viewModel = ProfileViewModel(service: service)
        service.loadStub.fail(with: StubError("load failed"))
        let harness = StrictHarness(viewModel)

        let run = harness.send { _ in viewModel.load() }
        harness.expect(.startedLoading(.load))
        await run.value
        harness.expect(.failed(.load, "load failed"), .stoppedLoading(.load))
      }

      @Test func loadLifecycle() async {
        let service = MockProfileService()
        let viewModel = ProfileViewModel(service: service)
        let recorder = EventRecorder(viewModel)
        let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

        let run = harness.send { _ in viewModel.load() }
        harness.expect(.startedLoading(.load))
        await run.value
        harness.expect(.set(\.value, to: ""), .stoppedLoading(.load))
        #expect(recorder.events == [.started(.load), .succeeded(.load)])
      }
    }

    """#

  /// What `scaffold action watchFollowers --stream String ...` prints without `--output`.
  static let watchFollowersListing = #"""
    // File FollowerListViewModelWatchFollowersTests.swift, in your test target:

    import ActionDispatch
    import ActionDispatchTesting
    import Testing

    @testable import ConsumerApp

    @MainActor
    @Suite(.serialExecutor, .strict(.exhaustive)) struct FollowerListViewModelWatchFollowersTests {
      // MARK: - watchFollowers (a streaming action)

      @Test func watchFollowersSuccess() async {
        let service = MockFollowerListService()
        let viewModel = FollowerListViewModel(service: service)
        service.watchFollowersStub.succeed(with: ["sample", "sample"])
        let harness = StrictHarness(viewModel)  // exhaustive: each change must be expected, in order
        var received: [String] = []
        let token = viewModel.observe {
          On(.watchFollowers).element { (element: String) in received.append(element) }
        }

        let run = harness.send { _ in viewModel.watchFollowers() }
        harness.expect(.startedLoading(.watchFollowers))
        await run.value
        harness.expect(.stoppedLoading(.watchFollowers))
        #expect(received == ["sample", "sample"])
        #expect(service.watchFollowersStub.callCount == 1)
        token.cancel()
      }

      @Test func watchFollowersFailure() async {
        let service = MockFollowerListService()
        let viewModel = FollowerListViewModel(service: service)
        service.watchFollowersStub.fail(with: StubError("watchFollowers failed"))
        let harness = StrictHarness(viewModel)

        let run = harness.send { _ in viewModel.watchFollowers() }
        harness.expect(.startedLoading(.watchFollowers))
        await run.value
        harness.expect(.failed(.watchFollowers, "watchFollowers failed"), .stoppedLoading(.watchFollowers))
      }

      @Test func watchFollowersLifecycle() async {
        let service = MockFollowerListService()
        let viewModel = FollowerListViewModel(service: service)
        service.watchFollowersStub.succeed(with: ["sample", "sample"])
        let recorder = EventRecorder(viewModel)
        let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

        let run = harness.send { _ in viewModel.watchFollowers() }
        harness.expect(.startedLoading(.watchFollowers))
        await run.value
        harness.expect(.stoppedLoading(.watchFollowers))
        #expect(recorder.events == [.started(.watchFollowers), .succeeded(.watchFollowers)])
      }
    }

    // Add to the enum FollowerListAction:

      case watchFollowers

    // Add to the class FollowerListViewModel, which keeps its service in `let service`:

      /// Runs `watchFollowers`, a streaming action: say what each element brings.
      ///
      /// - Returns: The run's task; await it to wait until the sequence ends, hooks included.
      @discardableResult
      public func watchFollowers() -> Task<Void, Never> {
        dispatch(
          actionId: .watchFollowers,
          elements: { [service] in  // Capture the service, not self, so releasing the view model cancels the run.
            service.watchFollowers()  // FILL IN: the service call that returns the sequence.
          }
        ) { viewModel, element in
          // Keep each String in a property of viewModel here, for the view to show.
        }
      }

    // Add to the protocol FollowerListService (the call above):

      func watchFollowers() -> AsyncThrowingStream<String, any Error>

    // Add to the mock MockFollowerListService, in your test target (the tests set the Stub's elements):

      let watchFollowersStub = Stub<Void, [String]>(returning: [])

      func watchFollowers() -> AsyncThrowingStream<String, any Error> {
        watchFollowersStub.stream()
      }

    """#
}
