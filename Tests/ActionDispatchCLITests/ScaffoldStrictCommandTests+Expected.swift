/// The code `scaffold --xctest` and `scaffold action --debounce` must generate, written out whole.
extension ScaffoldStrictCommandTests {
  /// What `scaffold action unfollow --view-model FollowerListViewModel --module ConsumerApp --xctest` prints.
  static let unfollowXCTestListing = #"""
    // File FollowerListViewModelUnfollowXCTests.swift, in your test target:

    import ActionDispatch
    import ActionDispatchTesting
    import XCTest

    @testable import ConsumerApp

    // Each test runs on the serial executor (withSerialExecutor) through an exhaustive StrictHarness,
    // which finishes when the test case tears down: work left running or a change not expected fails it.
    final class FollowerListViewModelUnfollowXCTests: XCTestCase {
      // MARK: - unfollow

      @MainActor func testUnfollowSuccess() async {
        await withSerialExecutor {
          let service = MockFollowerListService()
          let viewModel = FollowerListViewModel(service: service)
          let harness = StrictHarness(viewModel, strictness: .exhaustive)  // each change must be expected, in order

          let run = harness.send { _ in viewModel.unfollow() }
          harness.expect(.startedLoading(.unfollow))
          await run.value
          harness.expect(.stoppedLoading(.unfollow))
          XCTAssertEqual(service.unfollowStub.callCount, 1)
        }
      }

      @MainActor func testUnfollowFailure() async {
        await withSerialExecutor {
          let service = MockFollowerListService()
          let viewModel = FollowerListViewModel(service: service)
          service.unfollowStub.fail(with: StubError("unfollow failed"))
          let harness = StrictHarness(viewModel, strictness: .exhaustive)

          let run = harness.send { _ in viewModel.unfollow() }
          harness.expect(.startedLoading(.unfollow))
          await run.value
          harness.expect(.failed(.unfollow, "unfollow failed"), .stoppedLoading(.unfollow))
        }
      }

      @MainActor func testUnfollowLifecycle() async {
        await withSerialExecutor {
          let service = MockFollowerListService()
          let viewModel = FollowerListViewModel(service: service)
          let recorder = EventRecorder(viewModel)
          let harness = StrictHarness(viewModel, strictness: .exhaustive)  // finished at tear-down: work left running fails

          let run = harness.send { _ in viewModel.unfollow() }
          harness.expect(.startedLoading(.unfollow))
          await run.value
          harness.expect(.stoppedLoading(.unfollow))
          XCTAssertEqual(recorder.events, [.started(.unfollow), .succeeded(.unfollow)])
        }
      }
    }

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

  /// What `scaffold view-model ProfileViewModel --module MyApp --xctest` prints.
  static let profileXCTestListing = #"""
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
    import XCTest

    @testable import MyApp

    // Each test runs on the serial executor (withSerialExecutor) through an exhaustive StrictHarness,
    // which finishes when the test case tears down: work left running or a change not expected fails it.
    final class ProfileViewModelTests: XCTestCase {
      // MARK: - load

      @MainActor func testLoadSuccess() async {
        await withSerialExecutor {
          let service = MockProfileService()
          let viewModel = ProfileViewModel(service: service)
          let harness = StrictHarness(viewModel, strictness: .exhaustive)  // each change must be expected, in order

          let run = harness.send { _ in viewModel.load() }
          harness.expect(.startedLoading(.load))
          await run.value
          harness.expect(.set(\.value, to: ""), .stoppedLoading(.load))
          XCTAssertEqual(service.loadStub.callCount, 1)
        }
      }

      @MainActor func testLoadFailure() async {
        await withSerialExecutor {
          let service = MockProfileService()
          let viewModel = ProfileViewModel(service: service)
          service.loadStub.fail(with: StubError("load failed"))
          let harness = StrictHarness(viewModel, strictness: .exhaustive)

          let run = harness.send { _ in viewModel.load() }
          harness.expect(.startedLoading(.load))
          await run.value
          harness.expect(.failed(.load, "load failed"), .stoppedLoading(.load))
        }
      }

      @MainActor func testLoadLifecycle() async {
        await withSerialExecutor {
          let service = MockProfileService()
          let viewModel = ProfileViewModel(service: service)
          let recorder = EventRecorder(viewModel)
          let harness = StrictHarness(viewModel, strictness: .exhaustive)  // finished at tear-down: work left running fails

          let run = harness.send { _ in viewModel.load() }
          harness.expect(.startedLoading(.load))
          await run.value
          harness.expect(.set(\.value, to: ""), .stoppedLoading(.load))
          XCTAssertEqual(recorder.events, [.started(.load), .succeeded(.load)])
        }
      }
    }

    """#

  /// What `scaffold action 'suggest(String)' --view-model SearchViewModel --debounce 300ms` prints
  /// in a package whose SearchViewModel takes `clock: any Clock<Duration> = ContinuousClock()`.
  static let suggestListing = #"""
    // File SearchViewModelSuggestTests.swift, in your test target:

    import ActionDispatch
    import ActionDispatchTesting
    import Testing

    @testable import App

    @MainActor
    @Suite(.serialExecutor, .strict(.exhaustive)) struct SearchViewModelSuggestTests {
      // MARK: - suggest

      @Test func suggestSuccess() async {
        let service = MockSearchService()
        let clock = TestClock()
        let viewModel = SearchViewModel(service: service, clock: clock)
        let harness = StrictHarness(viewModel)  // exhaustive: each change must be expected, in order

        let run = harness.send { _ in viewModel.suggest("sample") }
        harness.expect(.startedLoading(.suggest("sample")))
        await clock.advance(by: .milliseconds(300))  // past the debounce's quiet period
        await run.value
        harness.expect(.stoppedLoading(.suggest("sample")))
        #expect(service.suggestStub.callCount == 1)
      }

      @Test func suggestFailure() async {
        let service = MockSearchService()
        let clock = TestClock()
        let viewModel = SearchViewModel(service: service, clock: clock)
        service.suggestStub.fail(with: StubError("suggest failed"))
        let harness = StrictHarness(viewModel)

        let run = harness.send { _ in viewModel.suggest("sample") }
        harness.expect(.startedLoading(.suggest("sample")))
        await clock.advance(by: .milliseconds(300))  // past the debounce's quiet period
        await run.value
        harness.expect(.failed(.suggest("sample"), "suggest failed"), .stoppedLoading(.suggest("sample")))
      }

      @Test func suggestLifecycle() async {
        let service = MockSearchService()
        let clock = TestClock()
        let viewModel = SearchViewModel(service: service, clock: clock)
        let recorder = EventRecorder(viewModel)
        let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

        let run = harness.send { _ in viewModel.suggest("sample") }
        harness.expect(.startedLoading(.suggest("sample")))
        await clock.advance(by: .milliseconds(300))  // past the debounce's quiet period
        await run.value
        harness.expect(.stoppedLoading(.suggest("sample")))
        #expect(recorder.events == [.started(.suggest("sample")), .succeeded(.suggest("sample"))])
      }
    }

    // Add to the enum SearchAction, in Sources/App/SearchViewModel.swift:

      case suggest(String)

    // Add to the class SearchViewModel, in Sources/App/SearchViewModel.swift, which keeps its service in `let service`:

      /// Runs `suggest`: say what it loads or changes.
      ///
      /// - Returns: The run's task; await it to wait for the whole run, hooks included.
      @discardableResult
      public func suggest(_ value: String) -> Task<Void, Never> {
        dispatch(
          actionId: .suggest(value),
          policy: .debounce(.milliseconds(300)),  // the tests advance a TestClock past it
          task: { [service] in  // Capture the service, not self, so releasing the view model cancels the run.
            try await service.suggest(value)  // FILL IN: the one service call this action makes.
          }
        ) { viewModel, _ in
          // Keep what the call returned in a property of viewModel here, for the view to show.
        }
      }

    // Add to the protocol SearchService, in Sources/App/SearchViewModel.swift (the call above; give it your call's result):

      func suggest(_ value: String) async throws

    // Add to the mock MockSearchService, in Tests/AppTests/MockSearchService.swift, in your test target (the tests set and check the Stub):

      let suggestStub = Stub<String, Void>(returning: ())

      func suggest(_ value: String) async throws {
        try await suggestStub(value)
      }

    """#
}
