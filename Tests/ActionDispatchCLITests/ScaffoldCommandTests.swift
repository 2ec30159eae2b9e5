import Foundation
import Testing

/// `action-dispatch scaffold`: the built binary's whole outputs, the files it writes, its
/// refusal to overwrite, its usage errors for invalid names, and its help.
@Suite struct ScaffoldCommandTests {
  static let unfollow = ["scaffold", "action", "unfollow", "--view-model", "FollowerListViewModel"]
  static let profile = ["scaffold", "view-model", "ProfileViewModel", "--module", "MyApp"]

  /// What `scaffold action unfollow ...` prints without `--output`.
  static var unfollowListing: String {
    "// File FollowerListViewModelUnfollowTests.swift, in your test target:\n\n" + unfollowTestFile + "\n"
      + unfollowPaste
  }

  // MARK: - Printing

  @Test func actionPrintsTheTestFileThenTheCodeToPaste() async throws {
    let result = try await CLIProcess.run(Self.unfollow + ["--module", "ConsumerApp"])
    #expect(result == CLIResult(stdout: Self.unfollowListing, stderr: "", status: 0))
  }

  @Test func viewModelPrintsItsThreeFiles() async throws {
    let result = try await CLIProcess.run(Self.profile)
    #expect(result == CLIResult(stdout: Self.profileViewModelListing, stderr: "", status: 0))
  }

  @Test func theModuleDefaultsToTheViewModelsBaseName() async throws {
    let result = try await CLIProcess.run(Self.unfollow)
    #expect(result.status == 0)
    #expect(result.stdout.contains("\nimport FollowerList\n"))
    let mock = try await CLIProcess.run(Self.unfollow + ["--mock", "StubFollowerListService"])
    #expect(mock.stdout.contains("    let service = StubFollowerListService()\n"))
  }

  @Test func itWorksFromAnyDirectory() throws {
    try withTemporaryDirectory { directory in
      let action = try runBinary(Self.unfollow + ["--module", "ConsumerApp"], in: directory)
      #expect(action == CLIResult(stdout: Self.unfollowListing, stderr: "", status: 0))
      let viewModel = try runBinary(Self.profile, in: directory)
      #expect(viewModel == CLIResult(stdout: Self.profileViewModelListing, stderr: "", status: 0))
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "nothing written")
    }
  }

  // MARK: - Writing

  @Test func outputWritesTheTestsInferringTheModuleAndPrintsThePaste() throws {
    try withTemporaryDirectory { directory in
      let result = try runBinary(Self.unfollow + ["--output", "Tests/ConsumerAppTests/"], in: directory)
      let path = "Tests/ConsumerAppTests/FollowerListViewModelUnfollowTests.swift"
      let note = "note: wrote \(path): the three tests of unfollow, for your test target\n"
      #expect(result == CLIResult(stdout: Self.unfollowPaste, stderr: note, status: 0))
      #expect(try read(directory, path) == Self.unfollowTestFile)
    }
  }

  @Test func outputRefusesToOverwriteWithoutForce() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("UnfollowTests.swift").path
      try Data("// mine\n".utf8).write(to: URL(fileURLWithPath: path))
      let arguments = Self.unfollow + ["--module", "ConsumerApp", "--output", path]

      let refused = try runBinary(arguments, in: directory)
      let message =
        "error: \(path) already exists; nothing was written. Add --force to replace it, or choose another --output\n"
      #expect(refused == CLIResult(stdout: "", stderr: message, status: 1))
      #expect(try read(directory, "UnfollowTests.swift") == "// mine\n")

      let forced = try runBinary(arguments + ["--force"], in: directory)
      let note = "note: wrote \(path): the three tests of unfollow, for your test target\n"
      #expect(forced == CLIResult(stdout: Self.unfollowPaste, stderr: note, status: 0))
      #expect(try read(directory, "UnfollowTests.swift") == Self.unfollowTestFile)
    }
  }

  @Test func viewModelOutputWritesEachFileOrNone() throws {
    try withTemporaryDirectory { directory in
      let names = ["ProfileViewModel.swift", "MockProfileService.swift", "ProfileViewModelTests.swift"]
      let targets = ["app", "test", "test"]
      let result = try runBinary(Self.profile + ["--output", "New"], in: directory)
      let notes = zip(names, targets).map { "note: wrote New/\($0), for your \($1) target\n" }.joined()
      #expect(result == CLIResult(stdout: "", stderr: notes, status: 0))
      let written = try names.map { try read(directory, "New/\($0)") }
      let listing = zip(names, zip(targets, written)).map { name, file in
        "// File \(name), in your \(file.0) target:\n\n" + file.1
      }
      #expect(listing.joined(separator: "\n") == Self.profileViewModelListing)

      try FileManager.default.removeItem(at: directory.appendingPathComponent("New/ProfileViewModel.swift"))
      try FileManager.default.removeItem(at: directory.appendingPathComponent("New/ProfileViewModelTests.swift"))
      let refused = try runBinary(Self.profile + ["--output", "New"], in: directory)
      let message =
        "error: New/MockProfileService.swift already exists; nothing was written. Add --force to replace it, "
        + "or choose another --output\n"
      #expect(refused == CLIResult(stdout: "", stderr: message, status: 1))
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("New").path)
          == ["MockProfileService.swift"])
    }
  }

  @Test func outputUnderAFileIsRefused() throws {
    try withTemporaryDirectory { directory in
      try Data().write(to: directory.appendingPathComponent("notes"))
      let result = try runBinary(Self.profile + ["--output", "notes/New"], in: directory)
      #expect(
        result
          == CLIResult(stdout: "", stderr: "error: notes is a file, not a folder; choose another --output\n", status: 1)
      )
    }
  }

  // MARK: - Usage errors

  /// One wrong command line and what `error:` must say about it.
  struct Case: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    /// `action`, `view-model`, or `nil` for `scaffold` itself.
    let command: String?

    var testDescription: String { "action-dispatch " + arguments.joined(separator: " ") }

    var expectedStderr: String {
      let usage: String
      let help: String
      switch command {
      case "action":
        usage = "action-dispatch scaffold action <actionName> [<options>]"
        help = "action-dispatch scaffold help action"
      case "view-model":
        usage = "action-dispatch scaffold view-model <TypeName> [<options>]"
        help = "action-dispatch scaffold help view-model"
      default:
        usage = "action-dispatch scaffold <subcommand>"
        help = "action-dispatch help scaffold"
      }
      return "error: \(message)\nUsage: \(usage)\nSee '\(help)'.\n"
    }
  }

  static let invalid = "is not a valid"
  static let keyword = "it is a Swift keyword, usable only in backticks; choose another name"
  static let characters = "use letters, digits and '_', such as"

  static let usageErrors: [Case] = [
    Case(arguments: ["scaffold"], message: "missing subcommand; choose one of: action, view-model", command: nil),
    Case(
      arguments: ["scaffold", "actions"], message: "unknown subcommand 'actions'; did you mean 'action'?", command: nil),
    Case(arguments: ["scaffold", "--force"], message: "unknown option '--force'", command: nil),
    Case(arguments: ["scaffold", "action"], message: "missing expected argument '<actionName>'", command: "action"),
    Case(
      arguments: ["scaffold", "action", "load"],
      message: "missing '--view-model <TypeName>'; name the view model that gets the action", command: "action"),
    Case(
      arguments: ["scaffold", "action", "", "--view-model", "ProfileViewModel"],
      message: "the action name is empty; give a Swift identifier, such as 'fetchProfile'", command: "action"),
    Case(
      arguments: ["scaffold", "action", "1abc", "--view-model", "ProfileViewModel"],
      message: "'1abc' \(invalid) action name: a Swift identifier cannot start with a digit", command: "action"),
    Case(
      arguments: ["scaffold", "action", "class", "--view-model", "ProfileViewModel"],
      message: "'class' \(invalid) action name: \(keyword)", command: "action"),
    Case(
      arguments: ["scaffold", "action", "self", "--view-model", "ProfileViewModel"],
      message: "'self' \(invalid) action name: \(keyword)", command: "action"),
    Case(
      arguments: ["scaffold", "action", "a-b", "--view-model", "ProfileViewModel"],
      message: "'a-b' \(invalid) action name: '-' cannot appear in a Swift identifier; \(characters) 'fetchProfile'",
      command: "action"),
    Case(
      arguments: ["scaffold", "action", "a b", "--view-model", "ProfileViewModel"],
      message:
        "'a b' \(invalid) action name: a space cannot appear in a Swift identifier; \(characters) 'fetchProfile'",
      command: "action"),
    Case(
      arguments: ["scaffold", "action", "café", "--view-model", "ProfileViewModel"],
      message: "'café' \(invalid) action name: 'é' is not ASCII; scaffold accepts ASCII letters, digits and '_' only",
      command: "action"),
    Case(
      arguments: ["scaffold", "action", "load", "--view-model", "Profile.ViewModel"],
      message: "'Profile.ViewModel' \(invalid) view model type name: '.' cannot appear in a Swift identifier; "
        + "\(characters) 'ProfileViewModel'",
      command: "action"),
    Case(
      arguments: ["scaffold", "action", "load", "--view-model", "ProfileViewModel", "--mock", "Type"],
      message: "'Type' \(invalid) mock type name: \(keyword)", command: "action"),
    Case(
      arguments: ["scaffold", "action", "load", "--view-model", "ProfileViewModel", "--module", "my-app"],
      message: "'my-app' \(invalid) module name: '-' cannot appear in a Swift identifier; \(characters) 'MyApp'",
      command: "action"),
    Case(
      arguments: ["scaffold", "action", "load", "--view-model", "ProfileViewModel", "--force"],
      message: "'--force' applies only with '--output <path>'; without it nothing is written", command: "action"),
    Case(
      arguments: ["scaffold", "action", "load", "--view-model", "ProfileViewModel", "--output="],
      message: "invalid value '' for '--output <path>': expected a path", command: "action"),
    Case(
      arguments: ["scaffold", "view-model", "struct"],
      message: "'struct' \(invalid) view model type name: \(keyword)", command: "view-model"),
    Case(
      arguments: ["scaffold", "view-model", ""],
      message: "the view model type name is empty; give a Swift identifier, such as 'ProfileViewModel'",
      command: "view-model"),
    Case(
      arguments: ["scaffold", "view-model", "ProfileViewModel", "--view-model", "X"],
      message: "unknown option '--view-model'", command: "view-model"),
  ]

  @Test(arguments: usageErrors)
  func invalidNamesAndCommandLinesExitWithStatusTwo(_ usage: Case) async throws {
    let result = try await CLIProcess.run(usage.arguments)
    #expect(result == CLIResult(stdout: "", stderr: usage.expectedStderr, status: 2))
  }

  // MARK: - Help

  @Test(arguments: [["scaffold", "--help"], ["scaffold", "help"], ["help", "scaffold"], ["scaffold", "-h"]])
  func scaffoldHelpListsItsSubcommands(_ arguments: [String]) async throws {
    let result = try await CLIProcess.run(arguments)
    #expect(result == CLIResult(stdout: Self.scaffoldHelp, stderr: "", status: 0))
  }

  @Test(arguments: [
    ["scaffold", "action", "--help"], ["scaffold", "help", "action"], ["scaffold", "action", "x", "-h"],
  ])
  func actionHelp(_ arguments: [String]) async throws {
    let result = try await CLIProcess.run(arguments)
    #expect(result == CLIResult(stdout: Self.actionHelp, stderr: "", status: 0))
  }

  @Test(arguments: [["scaffold", "view-model", "--help"], ["scaffold", "help", "view-model"]])
  func viewModelHelp(_ arguments: [String]) async throws {
    let result = try await CLIProcess.run(arguments)
    #expect(result == CLIResult(stdout: Self.viewModelHelp, stderr: "", status: 0))
  }

  // MARK: - Helpers

  /// Runs the built binary to the end in `directory`, to show what it reads and writes there.
  private func runBinary(_ arguments: [String], in directory: URL) throws -> CLIResult {
    let process = Process()
    process.executableURL = CLIBinary.url
    process.arguments = arguments
    process.environment = CLIProcess.baseEnvironment
    process.currentDirectoryURL = directory
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // The outputs are a few kilobytes, far below a pipe's buffer: reading one to its end
    // before the other cannot block the child.
    let stdout = output.fileHandleForReading.readDataToEndOfFile()
    let stderr = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLIResult(
      stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
      status: process.terminationStatus)
  }

  /// Runs `body` with a new empty directory, removed afterwards.
  private func withTemporaryDirectory(_ body: (URL) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("scaffold-tests-\(UUID().uuidString)")
      .resolvingSymlinksInPath()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(directory)
  }

  /// The text of a file under `directory`.
  private func read(_ directory: URL, _ path: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
  }

  // MARK: - Expected outputs

  /// The test file of `scaffold action unfollow --view-model FollowerListViewModel`, module ConsumerApp.
  static let unfollowTestFile = #"""
    import ActionDispatch
    import ActionDispatchTesting
    import ConsumerApp
    import Testing

    @MainActor
    @Suite struct FollowerListViewModelUnfollowTests {
      // MARK: - unfollow

      @Test func unfollowSuccess() async {
        let service = MockFollowerListService()
        let viewModel = FollowerListViewModel(service: service)

        await viewModel.unfollow().value

        #expect(viewModel.error(for: .unfollow) == nil)
        #expect(service.unfollowStub.callCount == 1)
      }

      @Test func unfollowFailure() async {
        let service = MockFollowerListService()
        service.unfollowStub.fail(with: StubError("unfollow failed"))
        let viewModel = FollowerListViewModel(service: service)

        await viewModel.unfollow().value

        #expect(viewModel.error(for: .unfollow) == "unfollow failed")
      }

      @Test func unfollowLifecycle() async {
        let service = MockFollowerListService()
        let viewModel = FollowerListViewModel(service: service)
        let recorder = EventRecorder(viewModel)

        let run = viewModel.unfollow()
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
        ) { _ in
          // Keep what the call returned in a property here, for the view to show.
        }
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
        ) { value in
          self.value = value
        }
      }
    }

    // File MockProfileService.swift, in your test target:

    import ActionDispatchTesting
    import MyApp

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
    import MyApp
    import Testing

    @MainActor
    @Suite struct ProfileViewModelTests {
      // MARK: - load

      @Test func loadSuccess() async {
        let service = MockProfileService()
        let viewModel = ProfileViewModel(service: service)

        await viewModel.load().value

        #expect(viewModel.error(for: .load) == nil)
        #expect(service.loadStub.callCount == 1)
      }

      @Test func loadFailure() async {
        let service = MockProfileService()
        service.loadStub.fail(with: StubError("load failed"))
        let viewModel = ProfileViewModel(service: service)

        await viewModel.load().value

        #expect(viewModel.error(for: .load) == "load failed")
      }

      @Test func loadLifecycle() async {
        let service = MockProfileService()
        let viewModel = ProfileViewModel(service: service)
        let recorder = EventRecorder(viewModel)

        let run = viewModel.load()
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
    replaced only with --force.

    Exit status: 0 success, 1 a file exists or cannot be written, 2 a usage error or
    an invalid name.

    USAGE: action-dispatch scaffold <subcommand>

    OPTIONS:
      -h, --help              Show help information.

    SUBCOMMANDS:
      action                  Generate the three tests of a new action, and the code
                              to paste into the view model.
      view-model              Generate a new view model with one action, its mock
                              service and its tests.

      See 'action-dispatch scaffold help <subcommand>' for detailed help.

    """#

  static let actionHelp = #"""
    OVERVIEW: Generate the three tests of a new action, and the code to paste into
    the view model.

    Prints a test file with the action's success, failure and lifecycle tests, then
    the enum case and the method stub to paste into the view model. Fill in the one
    line marked FILL IN with the service call, and the tests compile and pass.

    The tests expect a mock with a Stub named <actionName>Stub (see
    Templates/README.md).

    USAGE: action-dispatch scaffold action <actionName> [--view-model <TypeName>]
                                           [--mock <Type>] [--module <Name>]
                                           [--output <path>] [--force]

    ARGUMENTS:
      <actionName>            The new action: its enum case, its method and the
                              start of its tests' names, such as unfollow.

    OPTIONS:
      --view-model <TypeName>
                              The view model that gets the action, such as
                              FollowerListViewModel. Required.
      --mock <Type>           The mock service the tests create; <Base> is the view
                              model's name without ViewModel. (default:
                              Mock<Base>Service)
      --module <Name>         The module that defines the view model, which the
                              tests import. By default <Module> when --output is
                              under Tests/<Module>Tests/ or Sources/<Module>/, else
                              the view model's name without ViewModel.
      --output <path>         Write the tests to this file, or into this folder as
                              <ViewModel><Action>Tests.swift, instead of printing
                              them. The enum case and method stub are printed either
                              way.
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
                              tests import. By default <Module> when --output is
                              under Tests/<Module>Tests/ or Sources/<Module>/, else
                              the view model's name without ViewModel.
      --output <folder>       Write the three files into this folder, created if
                              needed, instead of printing them.
      --force                 Replace files that --output would overwrite.
      -h, --help              Show help information.

    """#
}
