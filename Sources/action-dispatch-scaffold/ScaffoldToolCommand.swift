import CommandLineKit
import Foundation
import ScaffoldCommands

/// `action-dispatch-scaffold`: `action-dispatch scaffold` as a tool of its own, which builds
/// only the scaffolding (no GitHub client, no terminal app), for an app's package:
///
/// ```
/// $ swift run action-dispatch-scaffold view-model ProfileViewModel --output .
/// $ swift run action-dispatch-scaffold action unfollow --view-model ProfileViewModel --output .
/// ```
///
/// Its subcommands are the same ``ScaffoldActionCommand`` and ``ScaffoldViewModelCommand``, with
/// the same options, output and exit statuses.
@main
struct ScaffoldToolCommand: Command {
  static let subcommands: [any Command.Type] = [
    ScaffoldActionCommand.self, ScaffoldViewModelCommand.self, HelpCommand.self,
  ]

  static let configuration = CommandConfiguration(
    commandName: "action-dispatch-scaffold",
    abstract: "Generate a new action's tests, or a new view model: action-dispatch scaffold, built alone.",
    discussion: """
      The same subcommands as 'action-dispatch scaffold', in a tool that builds only the \\
      scaffolding: from your app's package, 'swift run action-dispatch-scaffold ...' compiles \\
      neither the GitHub client nor the rest of action-dispatch.

      Exit status: 0 success, 1 a file exists or cannot be written, 2 a usage error or an \\
      invalid name.
      """)

  /// The root takes no options of its own.
  init(_ arguments: ParsedArguments) {}

  /// Runs the command line of this process and exits with its status.
  @MainActor
  static func main() async {
    let context = CommandContext.current(root: Self.self, environment: ProcessInfo.processInfo.environment)
    let status = await CommandRouter.run(Array(CommandLine.arguments.dropFirst()), in: context)
    exit(status.rawValue)
  }
}
