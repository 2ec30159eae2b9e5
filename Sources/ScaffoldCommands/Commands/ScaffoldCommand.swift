import CommandLineKit

/// `action-dispatch scaffold`: generates the boilerplate of ActionDispatch view models from the
/// templates in `Templates/`, which are compiled into the tool.
///
/// ```
/// $ action-dispatch scaffold action unfollow --view-model FollowerListViewModel
/// $ action-dispatch scaffold view-model ProfileViewModel --module MyApp --output NewFiles
/// ```
///
/// Its subcommands are ``ScaffoldActionCommand`` and ``ScaffoldViewModelCommand``; run on its
/// own, it shows its help.
package struct ScaffoldCommand: Command {
  package static let subcommands: [any Command.Type] = [ScaffoldActionCommand.self, ScaffoldViewModelCommand.self]

  package static let configuration = CommandConfiguration(
    commandName: "scaffold",
    abstract: "Generate a new action's tests, or a new view model.",
    discussion: """
      Renders the templates of Templates/ (see its README.md), which are compiled into the \
      tool: it works from any directory. Names must be Swift identifiers (ASCII letters, digits \
      and _, not a keyword). With --output, an existing file is replaced only with --force. \
      From your app's package, which depends on ActionDispatch, run it as \
      'swift run action-dispatch-scaffold ...': the same subcommands in a tool that builds only \
      the scaffolding.

      The tests are strict: each goes through an exhaustive StrictHarness, in a \
      .strict(.exhaustive) suite of Swift Testing, or with --xctest in an XCTestCase, each test \
      inside withSerialExecutor.

      Exit status: 0 success, 1 a file exists or cannot be written, 2 a usage error or an \
      invalid name.
      """)

  /// `scaffold` takes no options of its own.
  package init(_ arguments: ParsedArguments) {}
}
