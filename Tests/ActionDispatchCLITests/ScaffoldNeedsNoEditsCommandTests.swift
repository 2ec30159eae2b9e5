import Foundation
import Testing

/// Issue 49, item 4, through the built binary: an action the package already has gets its tests
/// in both frameworks side by side, nothing to add, a setup before the failure stub, and a sample
/// read from the rows the view model lists.
@Suite struct ScaffoldNeedsNoEditsCommandTests {
  static let files = [
    "Package.swift": "// swift-tools-version: 6.2\n",
    "Sources/MyApp/InboxAction.swift": "enum InboxAction: ActionIdType {\n  case load\n  case archive(Int)\n}\n",
    "Sources/MyApp/Issue.swift": "struct Issue: Equatable, Sendable {\n  let id: Int\n}\n",
    "Sources/MyApp/InboxService.swift": """
    protocol InboxService: Sendable {
      func issues() async throws -> [Issue]
      func archive(_ id: Int) async throws
    }

    """,
    "Sources/MyApp/InboxViewModel.swift": """
    @MainActor
    @Observable
    final class InboxViewModel: BaseViewModel<InboxAction> {
      private(set) var issues: [Issue] = []
      private let service: any InboxService

      init(service: any InboxService) {
        self.service = service
        super.init()
      }

      func load() -> Task<Void, Never> {
        dispatch(actionId: .load, task: { [service] in try await service.issues() }) { viewModel, issues in
          viewModel.issues = issues
        }
      }

      func archive(_ id: Int) -> Task<Void, Never> {
        dispatch(actionId: .archive(id), task: { [service] in try await service.archive(id) })
      }
    }

    """,
    "Tests/MyAppTests/MockInboxService.swift": """
    final class MockInboxService: InboxService {
      let issuesStub = Stub<Void, [Issue]>(returning: [])
      let archiveStub = Stub<Int, Void>(returning: ())
      func issues() async throws -> [Issue] { try await issuesStub() }
      func archive(_ id: Int) async throws { try await archiveStub(id) }
    }

    """,
  ]

  private func makePackage(in directory: URL) throws {
    for (path, text) in Self.files {
      let url = directory.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }

  @Test func anExistingActionGetsBothFrameworksSideBySideAndNothingToAdd() throws {
    try TemporaryDirectory.with { directory in
      try makePackage(in: directory)
      let load = ["scaffold", "action", "load", "--view-model", "InboxViewModel", "--calls", "issues"]
      let output = ["--output", "Tests/MyAppTests/"]
      let testing = try CLIProcess.run(load + output, in: directory)
      let xctest = try CLIProcess.run(load + ["--xctest"] + output, in: directory)
      let note =
        "note: wrote Tests/MyAppTests/InboxViewModelLoad%@.swift: the three tests of load, for your test target\n"
      #expect(testing == CLIResult(stdout: "", stderr: String(format: note, "Tests"), status: 0))
      #expect(xctest == CLIResult(stdout: "", stderr: String(format: note, "XCTests"), status: 0))
      let tests = directory.appendingPathComponent("Tests/MyAppTests")
      let xctestFile = try String(
        contentsOf: tests.appendingPathComponent("InboxViewModelLoadXCTests.swift"), encoding: .utf8)
      #expect(xctestFile.contains("\nfinal class InboxViewModelLoadXCTests: XCTestCase {\n"))
      let printed = try CLIProcess.run(load + ["--xctest"], in: directory)
      #expect(printed.stdout.hasPrefix("// File InboxViewModelLoadXCTests.swift, in your test target:\n"))
      #expect(!printed.stdout.contains("// Add to the"))
    }
  }

  @Test func aRowDependentActionReadsItsSampleAfterASetupThatRunsBeforeTheFailureStub() throws {
    try TemporaryDirectory.with { directory in
      try makePackage(in: directory)
      let setup = "service.issuesStub.succeed(with: [Issue(id: 4)]); await viewModel.load().value"
      let result = try CLIProcess.run(
        ["scaffold", "action", "archive(Int)", "--view-model", "InboxViewModel", "--setup", setup], in: directory)
      #expect(result.status == 0)
      #expect(!result.stdout.contains("// Add to the"))
      #expect(
        result.stdout.contains(
          """
              await viewModel.load().value
              let value = viewModel.issues[0].id  // a row the set-up loaded
              service.archiveStub.fail(with: StubError("archive failed"))

          """))
      #expect(result.stdout.contains("    let run = harness.send { _ in viewModel.archive(value) }\n"))
      let given = try CLIProcess.run(
        ["scaffold", "action", "archive(Int)", "--view-model", "InboxViewModel", "--sample", "4"], in: directory)
      #expect(given.stdout.contains("    let run = harness.send { _ in viewModel.archive(4) }\n"))
    }
  }
}
