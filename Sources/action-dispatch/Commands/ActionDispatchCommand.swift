import Foundation
import GitHubFollowers

/// `action-dispatch`: the root command, which reads the first word and hands over to a
/// subcommand.
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
/// Everything is validated before any request; see ``ExitCode`` for how the process ends.
@main
struct ActionDispatchCommand {
  /// The executable's name, the start of every usage line.
  static let commandName = "action-dispatch"

  /// The subcommands, in the order `--help` lists them. Add new ones here.
  static let subcommands: [any Subcommand.Type] = [
    FollowersCommand.self,
    ProfileCommand.self,
    SearchCommand.self,
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
        Results go to standard output (a table, or JSON with --json); errors, and progress when \
        standard error is a terminal, go to standard error. scaffold writes a new action's tests, \
        or a new view model, from the templates in Templates/.

        Exit status: 0 success, 1 a failed request or a file not written, 2 a usage error, \
        130 interrupted.
        """,
      version: ActionDispatchVersion.current,
      subcommands: subcommands.map { $0.configuration })
  }

  /// Runs the command line of this process and exits with its status.
  @MainActor
  static func main() async {
    let context = CommandContext.current(environment: ProcessInfo.processInfo.environment)
    let status = await run(Array(CommandLine.arguments.dropFirst()), in: context)
    exit(status.rawValue)
  }

  /// Runs a command line: parses it, validates it, and runs the subcommand.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the executable's name.
  ///   - context: The environment and output streams.
  /// - Returns: How the process should end.
  @MainActor
  static func run(_ arguments: [String], in context: CommandContext) async -> ExitCode {
    let root = configuration
    guard let first = arguments.first else {
      let names = subcommands.map { $0.configuration.commandName }
      return report(
        UsageError("missing subcommand; choose one of: \(names.joined(separator: ", "))"), for: root, in: context)
    }
    switch first {
    case "-h", "--help":
      context.output.write(HelpGenerator.help(for: root, parent: ""))
      return .success
    case "--version":
      if arguments.count > 1 {
        return report(.unexpectedArgument(arguments[1]), for: root, in: context)
      }
      context.output.write("\(commandName) \(ActionDispatchVersion.current)\n")
      return .success
    default:
      break
    }
    if first.hasPrefix("-") {
      return report(.unknownOption(first, among: root.allOptions), for: root, in: context)
    }
    guard let subcommand = subcommand(named: first) else {
      let error = UsageError.unknownSubcommand(first, among: subcommands.map { $0.configuration.commandName })
      return report(error, for: root, in: context)
    }
    let rest = Array(arguments.dropFirst())
    if let group = subcommand as? any SubcommandGroup.Type {
      return await group.run(rest, in: context)
    }
    let configuration = subcommand.configuration
    if CommandLineParser.requestsHelp(rest) {
      context.output.write(HelpGenerator.help(for: configuration, parent: commandName))
      return .success
    }
    do throws(UsageError) {
      let command = try subcommand.init(CommandLineParser.parse(rest, for: configuration))
      return await command.run(in: context)
    } catch {
      return report(error, for: configuration, in: context)
    }
  }

  /// The subcommand with a name, if there is one.
  ///
  /// - Parameter name: The name typed.
  /// - Returns: The subcommand's type.
  static func subcommand(named name: String) -> (any Subcommand.Type)? {
    subcommands.first { $0.configuration.commandName == name }
  }

  /// Writes a usage error, the command's short usage line and where to read more; returns 2.
  ///
  /// - Parameters:
  ///   - error: What is wrong.
  ///   - command: The command whose command line it is.
  ///   - context: Where to write.
  /// - Returns: ``ExitCode/usageError``.
  static func report(_ error: UsageError, for command: CommandConfiguration, in context: CommandContext) -> ExitCode {
    let isRoot = command.commandName == commandName
    let parent = isRoot ? "" : commandName
    let helpCommand = isRoot ? "\(commandName) help" : "\(commandName) help \(command.commandName)"
    context.reportError(error.message)
    context.errorOutput.write("Usage: \(command.shortUsage(in: parent))\nSee '\(helpCommand)'.\n")
    return .usageError
  }
}
