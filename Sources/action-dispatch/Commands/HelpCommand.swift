/// `action-dispatch help [<subcommand>]`: the same text as `--help`, for the root or a subcommand.
///
/// ```
/// $ action-dispatch help followers
/// OVERVIEW: List a user's followers.
/// ...
/// ```
struct HelpCommand: Subcommand {
  /// `[<subcommand>]`.
  static let subcommandArgument = ArgumentDefinition(
    name: "subcommand", help: "The subcommand to show help for; the root command's help when omitted.",
    isOptional: true)

  static let configuration = CommandConfiguration(
    commandName: "help",
    abstract: "Show help for a subcommand.",
    arguments: [subcommandArgument])

  /// The subcommand's configuration, or `nil` for the root command's help.
  let topic: CommandConfiguration?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard let name = arguments.argument(Self.subcommandArgument) else {
      topic = nil
      return
    }
    guard let subcommand = ActionDispatchCommand.subcommand(named: name) else {
      throw .unknownSubcommand(name, among: ActionDispatchCommand.subcommands.map { $0.configuration.commandName })
    }
    topic = subcommand.configuration
  }

  func run(in context: CommandContext) async -> ExitCode {
    if let topic {
      context.output.write(HelpGenerator.help(for: topic, parent: ActionDispatchCommand.commandName))
    } else {
      context.output.write(HelpGenerator.help(for: ActionDispatchCommand.configuration, parent: ""))
    }
    return .success
  }
}
