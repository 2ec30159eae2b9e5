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
package struct HelpCommand: Command {
  /// `[<subcommand> ...]`.
  package static let subcommandArgument = ArgumentDefinition(
    name: "subcommand",
    help: "The subcommand to show help for, such as followers or scaffold action; the root "
      + "command's help when omitted.",
    isOptional: true, isRepeating: true)

  package static let configuration = CommandConfiguration(
    commandName: "help",
    abstract: "Show help for a subcommand.",
    arguments: [subcommandArgument])

  /// The names typed after `help`, such as `scaffold action`.
  package let names: [String]

  package init(_ arguments: ParsedArguments) {
    names = arguments.arguments(Self.subcommandArgument)
  }

  /// Shows the help of the command the names lead to from the context's root, or reports a
  /// usage error when they lead nowhere.
  package func run(in context: CommandContext) async -> ExitCode {
    var topic = context.root
    var path = [topic.configuration.commandName]
    for name in names {
      guard let subcommand = topic.subcommand(named: name) else {
        let error: UsageError =
          topic.subcommands.isEmpty
          ? .unexpectedArgument(name) : .unknownSubcommand(name, among: topic.subcommandNames)
        return CommandRouter.report(
          error, for: Self.self, path: [path[0], Self.configuration.commandName], in: context)
      }
      topic = subcommand
      path.append(name)
    }
    context.output.write(HelpGenerator.help(for: topic, path: path))
    return .success
  }
}
