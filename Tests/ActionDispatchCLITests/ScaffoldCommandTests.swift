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

  @Test func aStreamingActionPrintsItsStreamTestsThenAStreamingMethodToPaste() async throws {
    let result = try await CLIProcess.run([
      "scaffold", "action", "watchFollowers", "--view-model", "FollowerListViewModel", "--stream", "String",
      "--module", "ConsumerApp",
    ])
    #expect(result == CLIResult(stdout: Self.watchFollowersListing, stderr: "", status: 0))
  }

  @Test func viewModelPrintsItsThreeFiles() async throws {
    let result = try await CLIProcess.run(Self.profile)
    #expect(result == CLIResult(stdout: Self.profileViewModelListing, stderr: "", status: 0))
  }

  @Test func theModuleDefaultsToTheViewModelsBaseName() async throws {
    let result = try await CLIProcess.run(Self.unfollow)
    #expect(result.status == 0)
    #expect(result.stdout.contains("\n@testable import FollowerList\n"))
    let mock = try await CLIProcess.run(Self.unfollow + ["--mock", "StubFollowerListService"])
    #expect(mock.stdout.contains("    let service = StubFollowerListService()\n"))
  }

  @Test func itWorksFromAnyDirectory() throws {
    try TemporaryDirectory.with { directory in
      let action = try CLIProcess.run(Self.unfollow + ["--module", "ConsumerApp"], in: directory)
      #expect(action == CLIResult(stdout: Self.unfollowListing, stderr: "", status: 0))
      let viewModel = try CLIProcess.run(Self.profile, in: directory)
      #expect(viewModel == CLIResult(stdout: Self.profileViewModelListing, stderr: "", status: 0))
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "nothing written")
    }
  }

  // MARK: - Writing

  @Test func outputWritesTheTestsInferringTheModuleAndPrintsThePaste() throws {
    try TemporaryDirectory.with { directory in
      let result = try CLIProcess.run(Self.unfollow + ["--output", "Tests/ConsumerAppTests/"], in: directory)
      let path = "Tests/ConsumerAppTests/FollowerListViewModelUnfollowTests.swift"
      let note = "note: wrote \(path): the three tests of unfollow, for your test target\n"
      #expect(result == CLIResult(stdout: Self.unfollowPaste, stderr: note, status: 0))
      #expect(try read(directory, path) == Self.unfollowTestFile)
    }
  }

  @Test func outputRefusesToOverwriteWithoutForce() throws {
    try TemporaryDirectory.with { directory in
      let path = directory.appendingPathComponent("UnfollowTests.swift").path
      try Data("// mine\n".utf8).write(to: URL(fileURLWithPath: path))
      let arguments = Self.unfollow + ["--module", "ConsumerApp", "--output", path]

      let refused = try CLIProcess.run(arguments, in: directory)
      let message =
        "error: \(path) already exists; nothing was written. Add --force to replace it, or choose another --output\n"
      #expect(refused == CLIResult(stdout: "", stderr: message, status: 1))
      #expect(try read(directory, "UnfollowTests.swift") == "// mine\n")

      let forced = try CLIProcess.run(arguments + ["--force"], in: directory)
      let note = "note: wrote \(path): the three tests of unfollow, for your test target\n"
      #expect(forced == CLIResult(stdout: Self.unfollowPaste, stderr: note, status: 0))
      #expect(try read(directory, "UnfollowTests.swift") == Self.unfollowTestFile)
    }
  }

  @Test func viewModelOutputWritesEachFileOrNone() throws {
    try TemporaryDirectory.with { directory in
      let names = ["ProfileViewModel.swift", "MockProfileService.swift", "ProfileViewModelTests.swift"]
      let targets = ["app", "test", "test"]
      let result = try CLIProcess.run(Self.profile + ["--output", "New"], in: directory)
      let notes = zip(names, targets).map { "note: wrote New/\($0), for your \($1) target\n" }.joined()
      #expect(result == CLIResult(stdout: "", stderr: notes, status: 0))
      let written = try names.map { try read(directory, "New/\($0)") }
      let listing = zip(names, zip(targets, written)).map { name, file in
        "// File \(name), in your \(file.0) target:\n\n" + file.1
      }
      #expect(listing.joined(separator: "\n") == Self.profileViewModelListing)

      try FileManager.default.removeItem(at: directory.appendingPathComponent("New/ProfileViewModel.swift"))
      try FileManager.default.removeItem(at: directory.appendingPathComponent("New/ProfileViewModelTests.swift"))
      let refused = try CLIProcess.run(Self.profile + ["--output", "New"], in: directory)
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
    try TemporaryDirectory.with { directory in
      try Data().write(to: directory.appendingPathComponent("notes"))
      let result = try CLIProcess.run(Self.profile + ["--output", "notes/New"], in: directory)
      #expect(
        result
          == CLIResult(stdout: "", stderr: "error: notes is a file, not a folder; choose another --output\n", status: 1)
      )
    }
  }

  // MARK: - Usage errors

  static let invalid = "is not a valid"
  static let keyword = "it is a Swift keyword, usable only in backticks; choose another name"
  static let characters = "use letters, digits and '_', such as"

  static let usageErrors: [UsageErrorCase] = [
    UsageErrorCase(
      arguments: ["scaffold", "actions"], message: "unknown subcommand 'actions'; did you mean 'action'?",
      command: "scaffold"),
    UsageErrorCase(arguments: ["scaffold", "--force"], message: "unknown option '--force'", command: "scaffold"),
    UsageErrorCase(
      arguments: ["scaffold", "action"], message: "missing expected argument '<actionName>'", command: "scaffold action"
    ),
    UsageErrorCase(
      arguments: ["scaffold", "action", "load"],
      message: "missing '--view-model <TypeName>'; name the view model that gets the action", command: "scaffold action"
    ),
    UsageErrorCase(
      arguments: ["scaffold", "action", "", "--view-model", "ProfileViewModel"],
      message: "the action name is empty; give a Swift identifier, such as 'fetchProfile'", command: "scaffold action"),
    UsageErrorCase(
      arguments: ["scaffold", "action", "1abc", "--view-model", "ProfileViewModel"],
      message: "'1abc' \(invalid) action name: a Swift identifier cannot start with a digit", command: "scaffold action"
    ),
    UsageErrorCase(
      arguments: ["scaffold", "action", "class", "--view-model", "ProfileViewModel"],
      message: "'class' \(invalid) action name: \(keyword)", command: "scaffold action"),
    UsageErrorCase(
      arguments: ["scaffold", "action", "self", "--view-model", "ProfileViewModel"],
      message: "'self' \(invalid) action name: \(keyword)", command: "scaffold action"),
    UsageErrorCase(
      arguments: ["scaffold", "action", "a-b", "--view-model", "ProfileViewModel"],
      message: "'a-b' \(invalid) action name: '-' cannot appear in a Swift identifier; \(characters) 'fetchProfile'",
      command: "scaffold action"),
    UsageErrorCase(
      arguments: ["scaffold", "action", "a b", "--view-model", "ProfileViewModel"],
      message:
        "'a b' \(invalid) action name: a space cannot appear in a Swift identifier; \(characters) 'fetchProfile'",
      command: "scaffold action"),
    UsageErrorCase(
      arguments: ["scaffold", "action", "café", "--view-model", "ProfileViewModel"],
      message: "'café' \(invalid) action name: 'é' is not ASCII; scaffold accepts ASCII letters, digits and '_' only",
      command: "scaffold action"),
    UsageErrorCase(
      arguments: ["scaffold", "action", "load", "--view-model", "Profile.ViewModel"],
      message: "'Profile.ViewModel' \(invalid) view model type name: '.' cannot appear in a Swift identifier; "
        + "\(characters) 'ProfileViewModel'",
      command: "scaffold action"),
    UsageErrorCase(
      arguments: ["scaffold", "action", "load", "--view-model", "ProfileViewModel", "--mock", "Type"],
      message: "'Type' \(invalid) mock type name: \(keyword)", command: "scaffold action"),
    UsageErrorCase(
      arguments: ["scaffold", "action", "load", "--view-model", "ProfileViewModel", "--module", "my-app"],
      message: "'my-app' \(invalid) module name: '-' cannot appear in a Swift identifier; \(characters) 'MyApp'",
      command: "scaffold action"),
    UsageErrorCase(
      arguments: ["scaffold", "action", "load", "--view-model", "ProfileViewModel", "--force"],
      message: "'--force' applies only with '--output <path>'; without it nothing is written",
      command: "scaffold action"),
    UsageErrorCase(
      arguments: ["scaffold", "action", "load", "--view-model", "ProfileViewModel", "--output="],
      message: "invalid value '' for '--output <path>': expected a path", command: "scaffold action"),
    UsageErrorCase(
      arguments: ["scaffold", "action", "delete(Item)", "--view-model", "TodoListViewModel"],
      message: "'delete(Item)' cannot be scaffolded: scaffold writes sample values only for Int, Double, Float, "
        + "String and Bool (and their optionals), not 'Item'; scaffold it with one of these, then change the tests' "
        + "argument",
      command: "scaffold action"),
    UsageErrorCase(
      arguments: ["scaffold", "action", "delete(Int", "--view-model", "TodoListViewModel"],
      message: "'delete(Int' cannot be scaffolded: it has '(' without a closing ')' at the end",
      command: "scaffold action"),
    UsageErrorCase(
      arguments: ["scaffold", "action", "watch", "--view-model", "FeedViewModel", "--stream", "[Page"],
      message: "'--stream [Page' cannot be scaffolded: '[Page' is not a Swift type name; write the element type as "
        + "Swift does, such as String, [Repo] or Repo",
      command: "scaffold action"),
    UsageErrorCase(
      arguments: ["scaffold", "view-model", "struct"],
      message: "'struct' \(invalid) view model type name: \(keyword)", command: "scaffold view-model"),
    UsageErrorCase(
      arguments: ["scaffold", "view-model", ""],
      message: "the view model type name is empty; give a Swift identifier, such as 'ProfileViewModel'",
      command: "scaffold view-model"),
    UsageErrorCase(
      arguments: ["scaffold", "view-model", "ProfileViewModel", "--view-model", "X"],
      message: "unknown option '--view-model'", command: "scaffold view-model"),
  ]

  @Test(arguments: usageErrors)
  func invalidNamesAndCommandLinesExitWithStatusTwo(_ usage: UsageErrorCase) async throws {
    let result = try await CLIProcess.run(usage.arguments)
    #expect(result == CLIResult(stdout: "", stderr: usage.expectedStderr, status: 2))
  }

  // MARK: - Help

  @Test(arguments: [
    ["scaffold"], ["scaffold", "--help"], ["scaffold", "help"], ["help", "scaffold"], ["scaffold", "-h"],
  ])
  func scaffoldHelpListsItsSubcommands(_ arguments: [String]) async throws {
    let result = try await CLIProcess.run(arguments)
    #expect(result == CLIResult(stdout: Self.scaffoldHelp, stderr: "", status: 0))
  }

  @Test(arguments: [
    ["scaffold", "action", "--help"], ["scaffold", "help", "action"], ["help", "scaffold", "action"],
    ["scaffold", "action", "x", "-h"],
  ])
  func actionHelp(_ arguments: [String]) async throws {
    let result = try await CLIProcess.run(arguments)
    #expect(result == CLIResult(stdout: Self.actionHelp, stderr: "", status: 0))
  }

  @Test(arguments: [
    ["scaffold", "view-model", "--help"], ["scaffold", "help", "view-model"], ["help", "scaffold", "view-model"],
  ])
  func viewModelHelp(_ arguments: [String]) async throws {
    let result = try await CLIProcess.run(arguments)
    #expect(result == CLIResult(stdout: Self.viewModelHelp, stderr: "", status: 0))
  }

  /// The text of a file under `directory`.
  private func read(_ directory: URL, _ path: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
  }
}
