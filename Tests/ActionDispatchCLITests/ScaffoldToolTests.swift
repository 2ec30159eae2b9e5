import Foundation
import Testing

/// `action-dispatch-scaffold`: the scaffold subcommands as a tool of their own, which an app's
/// package builds without the GitHub module. It prints and writes what `action-dispatch
/// scaffold` does, under its own name.
@Suite struct ScaffoldToolTests {
  private func run(_ arguments: [String], in directory: URL) throws -> CLIResult {
    try CLIProcess.run(arguments, in: directory, executable: CLIBinary.scaffoldURL)
  }

  @Test func actionPrintsWhatActionDispatchScaffoldPrints() throws {
    try TemporaryDirectory.with { directory in
      let arguments = ["action", "unfollow", "--view-model", "FollowerListViewModel", "--module", "ConsumerApp"]
      let alone = try run(arguments, in: directory)
      #expect(alone == CLIResult(stdout: ScaffoldCommandTests.unfollowListing, stderr: "", status: 0))
    }
  }

  @Test func viewModelWritesEachFileToItsTarget() throws {
    try TemporaryDirectory.with { directory in
      try Data("// swift-tools-version: 6.2\n".utf8).write(to: directory.appendingPathComponent("Package.swift"))
      let result = try run(["view-model", "InboxViewModel", "--output", ".", "--module", "Inbox"], in: directory)
      #expect(
        result.stderr == "note: wrote Sources/Inbox/InboxViewModel.swift, for your app target\n"
          + "note: wrote Tests/InboxTests/MockInboxService.swift, for your test target\n"
          + "note: wrote Tests/InboxTests/InboxViewModelTests.swift, for your test target\n")
      #expect(result.status == 0)
    }
  }

  @Test func helpAndUsageErrorsUseItsOwnName() throws {
    try TemporaryDirectory.with { directory in
      let help = try run(["--help"], in: directory)
      #expect(help.status == 0)
      #expect(help.stdout.contains("USAGE: action-dispatch-scaffold <subcommand>"))
      #expect(help.stdout.contains("\n  action "))
      #expect(help.stdout.contains("\n  view-model "))
      let actionHelp = try run(["help", "action"], in: directory)
      #expect(actionHelp.stdout.contains("USAGE: action-dispatch-scaffold action <actionName> --view-model <TypeName>"))

      let unknown = try run(["actions"], in: directory)
      #expect(
        unknown
          == CLIResult(
            stdout: "",
            stderr: "error: unknown subcommand 'actions'; did you mean 'action'?\n"
              + "Usage: action-dispatch-scaffold <subcommand>\nSee 'action-dispatch-scaffold help'.\n",
            status: 2))
    }
  }

  @Test func errorsShowControlCharactersInsteadOfWritingThem() throws {
    try TemporaryDirectory.with { directory in
      try Data().write(to: directory.appendingPathComponent("a\u{1B}[31mb"))
      let result = try run(
        ["view-model", "InboxViewModel", "--output", "a\u{1B}[31mb/New", "--module", "Inbox"], in: directory)
      #expect(result.status == 1)
      #expect(result.stderr == "error: a\\u{1B}[31mb is a file, not a folder; choose another --output\n")
    }
  }
}
