import CommandLineKit
import Foundation
import GitHubFollowers
import ScaffoldCommands

/// `action-dispatch`: the root command, whose subcommands do the work.
///
/// The subcommands are terminal views over `FollowersViewModel`, the same view model a
/// SwiftUI list uses:
///
/// ```
/// $ action-dispatch followers octocat --limit 5
/// $ action-dispatch profile octocat --json | jq .name
/// $ action-dispatch help followers
/// ```
///
/// ``CommandRouter`` takes the command line to a subcommand; the root itself runs only for
/// `--version` and when there are no arguments at all, which shows its help. Everything is
/// validated before any request; see ``ExitCode`` for how the process ends.
@main
struct ActionDispatchCommand: Command {
  /// The executable's name, the start of every usage line.
  static let commandName = "action-dispatch"

  /// The subcommands, in the order `--help` lists them. Add new ones here.
  static let subcommands: [any Command.Type] = [
    FollowersCommand.self,
    ProfileCommand.self,
    SearchCommand.self,
    BrowseCommand.self,
    ScaffoldCommand.self,
    HelpCommand.self,
  ]

  /// The root command's definition: abstract, version and subcommands.
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: commandName,
      abstract: "GitHub followers, profiles and user search through FollowersViewModel, and test scaffolding.",
      discussion: """
        followers, profile and search drive the same FollowersViewModel that a SwiftUI list uses. \
        Results go to standard output (a table, or JSON with --json); errors go to standard \
        error, and progress too when both are terminals. scaffold writes a new action's tests, \
        or a new view model, from the templates in Templates/.

        Exit status: 0 success, 1 a failed request or a file not written, 2 a usage error, \
        130 interrupted.
        """,
      version: ActionDispatchVersion.current)
  }

  /// `--version`: print the version instead of the help.
  let showsVersion: Bool

  init(_ arguments: ParsedArguments) {
    showsVersion = arguments.flag(CommandConfiguration.versionOption)
  }

  /// Prints the version with `--version`, else the help (no arguments at all).
  func run(in context: CommandContext) async -> ExitCode {
    if showsVersion {
      context.output.write("\(Self.commandName) \(ActionDispatchVersion.current)\n")
    } else {
      context.output.write(HelpGenerator.help(for: Self.self, path: [Self.commandName]))
    }
    return .success
  }

  /// Runs the command line of this process and exits with its status.
  @MainActor
  static func main() async {
    HeapTuning.apply()
    let context = CommandContext.current(
      root: Self.self, environment: ProcessInfo.processInfo.environment, sanitize: TerminalText.sanitized)
    let status = await CommandRouter.run(Array(CommandLine.arguments.dropFirst()), in: context)
    exit(status.rawValue)
  }
}
