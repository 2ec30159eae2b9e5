import Foundation
import Testing

/// Where `scaffold --output` puts each file in a Swift package, and which module the tests
/// `@testable import`: the module is never a guess, and a test never lands in the app target.
/// The built binary runs in a new package made for each test.
@Suite struct ScaffoldLayoutTests {
  static let viewModel = ["scaffold", "view-model", "ProfileViewModel"]
  static let action = ["scaffold", "action", "unfollow", "--view-model", "ProfileViewModel"]

  /// A package with a `Sources/<M>` folder per module and a `Tests/<M>Tests` folder per tested one.
  private func makePackage(in directory: URL, modules: [String] = ["MyApp"], tested: [String] = ["MyApp"]) throws {
    try Data("// swift-tools-version: 6.2\n".utf8).write(to: directory.appendingPathComponent("Package.swift"))
    for folder in modules.map({ "Sources/\($0)" }) + tested.map({ "Tests/\($0)Tests" }) {
      try FileManager.default.createDirectory(
        at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
  }

  private func notes(_ files: [(path: String, target: String)]) -> String {
    files.map { "note: wrote \($0.path), for your \($0.target) target\n" }.joined()
  }

  private func read(_ directory: URL, _ path: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
  }

  @Test(arguments: [".", "Sources/MyApp", "Tests/MyAppTests", "Sources", "Tests/"])
  func aViewModelGoesToItsTargetsFromThePackageOrEitherFolder(output: String) throws {
    try TemporaryDirectory.with { directory in
      try makePackage(in: directory)
      let result = try CLIProcess.run(Self.viewModel + ["--output", output], in: directory)
      let app = output == "Sources/MyApp" ? output : "Sources/MyApp"
      let tests = output == "Tests/MyAppTests" ? output : "Tests/MyAppTests"
      let files = [
        ("\(app)/ProfileViewModel.swift", "app"), ("\(tests)/MockProfileService.swift", "test"),
        ("\(tests)/ProfileViewModelTests.swift", "test"),
      ]
      #expect(result == CLIResult(stdout: "", stderr: notes(files), status: 0))
      #expect(try read(directory, "\(tests)/ProfileViewModelTests.swift").contains("\n@testable import MyApp\n"))
      #expect(try read(directory, "\(tests)/MockProfileService.swift").contains("\n@testable import MyApp\n"))
    }
  }

  @Test func anyOtherFolderInThePackageGetsEveryFileWithThePackagesModule() throws {
    try TemporaryDirectory.with { directory in
      try makePackage(in: directory, modules: ["MyApp", "Tool"], tested: ["MyApp"])
      let result = try CLIProcess.run(Self.viewModel + ["--output", "New"], in: directory)
      let files = [
        ("New/ProfileViewModel.swift", "app"), ("New/MockProfileService.swift", "test"),
        ("New/ProfileViewModelTests.swift", "test"),
      ]
      #expect(result == CLIResult(stdout: "", stderr: notes(files), status: 0))
      #expect(try read(directory, "New/ProfileViewModelTests.swift").contains("\n@testable import MyApp\n"))
    }
  }

  @Test func fromInsideATargetPathsLeadBackToThePackage() throws {
    try TemporaryDirectory.with { directory in
      try makePackage(in: directory)
      let result = try CLIProcess.run(
        Self.viewModel + ["--output", "."], in: directory.appendingPathComponent("Sources/MyApp"))
      let files = [
        ("./ProfileViewModel.swift", "app"), ("../../Tests/MyAppTests/MockProfileService.swift", "test"),
        ("../../Tests/MyAppTests/ProfileViewModelTests.swift", "test"),
      ]
      #expect(result == CLIResult(stdout: "", stderr: notes(files), status: 0))
    }
  }

  @Test func severalTestedModulesNeedModule() throws {
    try TemporaryDirectory.with { directory in
      try makePackage(in: directory, modules: ["Core", "MyApp"], tested: ["Core", "MyApp"])
      let refused = try CLIProcess.run(Self.viewModel + ["--output", "."], in: directory)
      let message =
        "error: cannot tell which module defines ProfileViewModel: the package at . has 2 modules (Core, MyApp), "
        + "and not just one of them has a Tests/<Module>Tests folder; pass --module <Name>\n"
      let usage =
        "Usage: action-dispatch scaffold view-model <TypeName> [<options>]\n"
        + "See 'action-dispatch scaffold help view-model'.\n"
      #expect(refused == CLIResult(stdout: "", stderr: message + usage, status: 2))
      #expect(
        !FileManager.default.fileExists(
          atPath: directory.appendingPathComponent("Sources/Core/ProfileViewModel.swift").path))

      let chosen = try CLIProcess.run(Self.viewModel + ["--output", ".", "--module", "Core"], in: directory)
      #expect(chosen.status == 0)
      #expect(try read(directory, "Tests/CoreTests/ProfileViewModelTests.swift").contains("\n@testable import Core\n"))
    }
  }

  @Test func aPackageWithoutSourcesSaysSoThenTakesModule() throws {
    try TemporaryDirectory.with { directory in
      try makePackage(in: directory, modules: [], tested: [])
      let refused = try CLIProcess.run(Self.viewModel + ["--output", "."], in: directory)
      #expect(refused.status == 2)
      #expect(
        refused.stderr.hasPrefix(
          "error: cannot tell which module defines ProfileViewModel: the package at . has no Sources/ folder yet, "
            + "so no module; pass --module <Name>, and the files go to Sources/<Name>/ and Tests/<Name>Tests/\n"))

      let chosen = try CLIProcess.run(Self.viewModel + ["--output", ".", "--module", "Inbox"], in: directory)
      #expect(chosen.status == 0)
      #expect(try read(directory, "Sources/Inbox/ProfileViewModel.swift").contains("class ProfileViewModel"))
      #expect(
        try read(directory, "Tests/InboxTests/ProfileViewModelTests.swift").contains("\n@testable import Inbox\n"))
    }
  }

  @Test func outsideAPackageTheModuleMustBeGivenOrInThePath() throws {
    try TemporaryDirectory.with { directory in
      let refused = try CLIProcess.run(Self.viewModel + ["--output", "New"], in: directory)
      let message =
        "error: cannot tell which module defines ProfileViewModel: New is not in a Swift package, nor under "
        + "Sources/<Module>/ or Tests/<Module>Tests/; pass --module <Name>\n"
      #expect(refused.stderr.hasPrefix(message))
      #expect(refused.status == 2)
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "nothing written")
    }
  }

  @Test(arguments: [".", "Sources/MyApp", "Tests/MyAppTests/"])
  func anActionsTestsGoToTheTestTarget(output: String) throws {
    try TemporaryDirectory.with { directory in
      try makePackage(in: directory)
      let result = try CLIProcess.run(Self.action + ["--output", output], in: directory)
      let path = "Tests/MyAppTests/ProfileViewModelUnfollowTests.swift"
      #expect(result.stderr == "note: wrote \(path): the three tests of unfollow, for your test target\n")
      #expect(result.status == 0)
      #expect(try read(directory, path).contains("\n@testable import MyApp\n"))
    }
  }

  @Test func anActionsTestFileIsNeverWrittenIntoTheAppTarget() throws {
    try TemporaryDirectory.with { directory in
      try makePackage(in: directory)
      let result = try CLIProcess.run(Self.action + ["--output", "Sources/MyApp/UnfollowTests.swift"], in: directory)
      let message =
        "error: Sources/MyApp/UnfollowTests.swift would not be in the test target; write the tests under "
        + "Tests/MyAppTests/\n"
      #expect(result.stderr.hasPrefix(message))
      #expect(result.status == 2)
    }
  }

  @Test func anActionWithAssociatedValuesIsCalledAndCheckedWithSamples() async throws {
    let result = try await CLIProcess.run([
      "scaffold", "action", "move(from: Int, to: Int)", "--view-model", "TodoListViewModel", "--module", "MyApp",
    ])
    #expect(result.status == 0)
    for line in [
      "    let run = harness.send { _ in viewModel.move(from: 1, to: 1) }\n",
      "    harness.expect(.failed(.move(from: 1, to: 1), \"move failed\"), .stoppedLoading(.move(from: 1, to: 1)))\n",
      "    #expect(recorder.events == [.started(.move(from: 1, to: 1)), .succeeded(.move(from: 1, to: 1))])\n",
      "  case move(from: Int, to: Int)\n",
      "  public func move(from: Int, to: Int) -> Task<Void, Never> {\n",
      "      actionId: .move(from: from, to: to),\n",
      "        try await service.move(from: from, to: to)  // FILL IN: the one service call this action makes.\n",
    ] {
      #expect(result.stdout.contains(line), "\(line)")
    }
    let unlabelled = try await CLIProcess.run([
      "scaffold", "action", "delete(Int)", "--view-model", "TodoListViewModel", "--module", "MyApp",
    ])
    for line in [
      "    let run = harness.send { _ in viewModel.delete(1) }\n", "  case delete(Int)\n",
      "  public func delete(_ value: Int) -> Task<Void, Never> {\n",
      "      actionId: .delete(value),\n",
    ] {
      #expect(unlabelled.stdout.contains(line), "\(line)")
    }
  }
}
