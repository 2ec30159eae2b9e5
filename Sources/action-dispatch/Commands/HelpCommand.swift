/// `action-dispatch help [<subcommand> ...]`: the same text as `--help`, for the root or any
/// command below it.
///
/// ```
/// $ action-dispatch help followers
/// OVERVIEW: List a user's followers.
/// ...
/// $ action-dispatch help scaffold action
/// OVERVIEW: Generate the three tests of a new action, and the code to paste into
/// ...
/// ```
///
/// It is the root's subcommand; ``CommandRouter`` sends `scaffold help action` here as
/// `help scaffold action`.
struct HelpCommand: Command {
  /// `[<subcommand> ...]`.
  static let subcommandArgument = ArgumentDefinition(
    name: "subcommand",
    help: "The subcommand to show help for, such as followers or scaffold action; the root "
      + "command's help when omitted.",
    isOptional: true, isRepeating: true)

  static let configuration = CommandConfiguration(
    commandName: "help",
    abstract: "Show help for a subcommand.",
    arguments: [subcommandArgument])

  /// The command to show help for.
  let topic: any Command.Type
  /// The names that lead to it from the root.
  let path: [String]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    var topic = CommandRouter.root
    var path = [topic.configuration.commandName]
    for name in arguments.arguments(Self.subcommandArgument) {
      if topic.subcommands.isEmpty {
        throw .unexpectedArgument(name)
      }
      guard let subcommand = topic.subcommand(named: name) else {
        throw .unknownSubcommand(name, among: topic.subcommandNames)
      }
      topic = subcommand
      path.append(name)
    }
    self.topic = topic
    self.path = path
  }

  func run(in context: CommandContext) async -> ExitCode {
    context.output.write(HelpGenerator.help(for: topic, path: path))
    return .success
  }
}
