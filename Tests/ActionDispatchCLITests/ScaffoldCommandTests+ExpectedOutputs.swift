/// The whole outputs `action-dispatch scaffold` must print, written out: generated code and
/// help texts.
extension ScaffoldCommandTests {
  /// The test file of `scaffold action unfollow --view-model FollowerListViewModel`, module ConsumerApp.
  static let unfollowTestFile = #"""
    import ActionDispatch
    import ActionDispatchTesting
    import Testing

    @testable import ConsumerApp

    @MainActor
    @Suite(.serialExecutor, .strict) struct FollowerListViewModelUnfollowTests {
      // MARK: - unfollow

      @Test func unfollowSuccess() async {
        let service = MockFollowerListService()
        let viewModel = FollowerListViewModel(service: service)

        await viewModel.unfollow().value

        #expect(viewModel.errorMessage(for: .unfollow) == nil)
        #expect(service.unfollowStub.callCount == 1)
      }

      @Test func unfollowFailure() async {
        let service = MockFollowerListService()
        service.unfollowStub.fail(with: StubError("unfollow failed"))
        let viewModel = FollowerListViewModel(service: service)

        await viewModel.unfollow().value

        #expect(viewModel.errorMessage(for: .unfollow) == "unfollow failed")
      }

      @Test func unfollowLifecycle() async {
        let service = MockFollowerListService()
        let viewModel = FollowerListViewModel(service: service)
        let recorder = EventRecorder(viewModel)
        let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

        let run = harness.send { _ in viewModel.unfollow() }
        #expect(viewModel.isLoading(for: .unfollow))
        await run.value

        #expect(!viewModel.isLoading(for: .unfollow))
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
    @Suite(.serialExecutor, .strict) struct ProfileViewModelTests {
      // MARK: - load

      @Test func loadSuccess() async {
        let service = MockProfileService()
        let viewModel = ProfileViewModel(service: service)

        await viewModel.load().value

        #expect(viewModel.errorMessage(for: .load) == nil)
        #expect(service.loadStub.callCount == 1)
      }

      @Test func loadFailure() async {
        let service = MockProfileService()
        service.loadStub.fail(with: StubError("load failed"))
        let viewModel = ProfileViewModel(service: service)

        await viewModel.load().value

        #expect(viewModel.errorMessage(for: .load) == "load failed")
      }

      @Test func loadLifecycle() async {
        let service = MockProfileService()
        let viewModel = ProfileViewModel(service: service)
        let recorder = EventRecorder(viewModel)
        let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

        let run = harness.send { _ in viewModel.load() }
        #expect(viewModel.isLoading(for: .load))
        await run.value

        #expect(!viewModel.isLoading(for: .load))
        #expect(recorder.events == [.started(.load), .succeeded(.load)])
      }
    }

    """#

  static let scaffoldHelp = #"""
    OVERVIEW: Generate a new action's tests, or a new view model.

    Renders the templates of Templates/ (see its README.md), which are compiled into
    the tool: it works from any directory. Names must be Swift identifiers (ASCII
    letters, digits and _, not a keyword). With --output, an existing file is
    replaced only with --force. From your app's package, which depends on
    ActionDispatch, run it as 'swift run action-dispatch-scaffold ...': the same
    subcommands in a tool that builds only the scaffolding.

    Exit status: 0 success, 1 a file exists or cannot be written, 2 a usage error or
    an invalid name.

    USAGE: action-dispatch scaffold <subcommand>

    OPTIONS:
      -h, --help              Show help information.

    SUBCOMMANDS:
      action                  Generate the three tests of a new action, and every
                              edit it needs in your code.
      view-model              Generate a new view model with one action, its mock
                              service and its tests.

      See 'action-dispatch scaffold help <subcommand>' for detailed help.

    """#

  static let actionHelp = #"""
    OVERVIEW: Generate the three tests of a new action, and every edit it needs in
    your code.

    Prints a test file with the action's success, failure and lifecycle tests, then
    the four edits the action needs: the enum case, the view model's method, the
    service protocol's requirement, and the mock's Stub (named <actionName>Stub) and
    method. Paste them, fill in the one line marked FILL IN with the service call,
    and the tests compile and pass.

    With --stream <Element>, the action is a streaming one: its service method
    returns an async sequence of Element, and the mock streams its stub's [Element]
    with stub.stream(). For an element type without literals, such as your own Repo,
    the tests' two sample values are a second line marked FILL IN.

    USAGE: action-dispatch scaffold action <actionName> --view-model <TypeName>
                                           [--mock <Type>] [--service <Protocol>]
                                           [--calls <method>] [--init <expression>]
                                           [--setup <statements>]
                                           [--stream <Element>] [--module <Name>]
                                           [--output <path>] [--force]

    ARGUMENTS:
      <actionName>            The new action: its enum case, its method and the
                              start of its tests' names, such as unfollow; with
                              associated values, such as 'delete(Int)' or
                              'move(from: Int, to: Int)', the method takes them and
                              the tests pass samples.

    OPTIONS:
      --view-model <TypeName>
                              The view model that gets the action, such as
                              FollowerListViewModel. Required.
      --mock <Type>           The mock service the tests create; <Base> is the view
                              model's name without ViewModel. (default:
                              Mock<Base>Service)
      --service <Protocol>    The protocol of the view model's service, when it is
                              not named after the view model. (default: the type of
                              the view model's `let service`, else <Base>Service)
      --calls <method>        The service method the action calls, such as
                              closeIssue: it names the requirement, the mock's
                              method and its Stub (closeIssueStub). (default:
                              <actionName>)
      --init <expression>     How the tests make the view model from `service`, such
                              as 'InboxViewModel(service: service, repo: "o/r",
                              clock: ImmediateClock())'. (default: read from the
                              view model's init: service, an ImmediateClock, samples
                              of String, Int…)
      --setup <statements>    Statements the tests run after making the view model
                              and before acting, such as loading the rows the action
                              needs: 'service.issuesStub.succeed(with: [1]); await
                              viewModel.load().value'. Separate statements with ';'.
      --stream <Element>      The action streams elements of this type, such as
                              String, [Repo] or Repo: the method stub dispatches
                              elements: with onElement, the mock's stub returns
                              [Element] and streams it with stub.stream(), and the
                              success test checks the elements that
                              On(.action).element received: two literals when the
                              type has them (String, Int, [String]…), else two
                              values you fill in.
      --module <Name>         The module that defines the view model, which the
                              tests @testable import. By default <Module> when
                              --output is under Sources/<Module>/ or
                              Tests/<Module>Tests/, else the package's one module
                              with tests (required when there are several); without
                              --output, the current package's, else the view model's
                              name without ViewModel.
      --output <path>         Write the tests to this file, or into this folder as
                              <ViewModel><Action>Tests.swift, instead of printing
                              them; in a Swift package, a folder outside Tests/
                              means Tests/<Module>Tests/. The edits to paste are
                              printed either way.
      --force                 Replace files that --output would overwrite.
      -h, --help              Show help information.

    """#

  static let viewModelHelp = #"""
    OVERVIEW: Generate a new view model with one action, its mock service and its
    tests.

    Prints three files, each after a line that names it and its target: the view
    model (its action enum, service protocol and @Observable class) for your app
    target; its mock service and its tests for your test target. They compile and
    the tests pass as generated.

    USAGE: action-dispatch scaffold view-model <TypeName> [--module <Name>]
                                               [--output <folder>] [--force]

    ARGUMENTS:
      <TypeName>              The new view model's class, such as ProfileViewModel.

    OPTIONS:
      --module <Name>         The module that defines the view model, which the
                              tests @testable import. By default <Module> when
                              --output is under Sources/<Module>/ or
                              Tests/<Module>Tests/, else the package's one module
                              with tests (required when there are several); without
                              --output, the current package's, else the view model's
                              name without ViewModel.
      --output <folder>       Write the files instead of printing them. In a Swift
                              package, each goes to its target: the view model to
                              Sources/<Module>/ and its mock and tests to
                              Tests/<Module>Tests/ when <folder> is the package or
                              one of those folders; any other folder gets all three.
      --force                 Replace files that --output would overwrite.
      -h, --help              Show help information.

    """#

  /// What `scaffold action watchFollowers --stream String ...` prints without `--output`.
  static let watchFollowersListing = #"""
    // File FollowerListViewModelWatchFollowersTests.swift, in your test target:

    import ActionDispatch
    import ActionDispatchTesting
    import Testing

    @testable import ConsumerApp

    @MainActor
    @Suite(.serialExecutor, .strict) struct FollowerListViewModelWatchFollowersTests {
      // MARK: - watchFollowers (a streaming action)

      @Test func watchFollowersSuccess() async {
        let service = MockFollowerListService()
        service.watchFollowersStub.succeed(with: ["sample", "sample"])
        let viewModel = FollowerListViewModel(service: service)
        var received: [String] = []
        let token = viewModel.observe {
          On(.watchFollowers).element { (element: String) in received.append(element) }
        }

        await viewModel.watchFollowers().value

        #expect(viewModel.errorMessage(for: .watchFollowers) == nil)
        #expect(received == ["sample", "sample"])
        #expect(service.watchFollowersStub.callCount == 1)
        token.cancel()
      }

      @Test func watchFollowersFailure() async {
        let service = MockFollowerListService()
        service.watchFollowersStub.fail(with: StubError("watchFollowers failed"))
        let viewModel = FollowerListViewModel(service: service)

        await viewModel.watchFollowers().value

        #expect(viewModel.errorMessage(for: .watchFollowers) == "watchFollowers failed")
      }

      @Test func watchFollowersLifecycle() async {
        let service = MockFollowerListService()
        service.watchFollowersStub.succeed(with: ["sample", "sample"])
        let viewModel = FollowerListViewModel(service: service)
        let recorder = EventRecorder(viewModel)
        let harness = StrictHarness(viewModel)  // the suite's .strict trait fails the test if work is left running

        let run = harness.send { _ in viewModel.watchFollowers() }
        #expect(viewModel.isLoading(for: .watchFollowers))
        await run.value

        #expect(!viewModel.isLoading(for: .watchFollowers))
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
