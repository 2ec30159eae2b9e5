/// A subcommand with subcommands of its own, such as `scaffold`, which has `action` and
/// `view-model`.
///
/// The root command hands a group the words after its name. The group picks the nested
/// subcommand, and then parsing, `--help`, `help <subcommand>` and usage errors work as they
/// do one level up, with the group's name in every usage line:
///
/// ```
/// $ action-dispatch scaffold action --help
/// $ action-dispatch scaffold help view-model
/// ```
///
/// A group lists its subcommands in ``subcommands`` and in its configuration's `subcommands`.
protocol SubcommandGroup: Subcommand {
  /// The nested subcommands, in the order `--help` lists them.
  static var subcommands: [any Subcommand.Type] { get }
}

extension SubcommandGroup {
  /// The words that run the group: `action-dispatch scaffold`.
  static var path: String {
    configuration.commandPath(in: ActionDispatchCommand.commandName)
  }

  /// Runs the words after the group's name: a nested subcommand, its help, or the group's.
  ///
  /// - Parameters:
  ///   - arguments: The command line after the group's name.
  ///   - context: The environment and output streams.
  /// - Returns: How the process should end.
  @MainActor
  static func run(_ arguments: [String], in context: CommandContext) async -> ExitCode {
    let names = subcommands.map { $0.configuration.commandName }
    guard let first = arguments.first else {
      let error = UsageError("missing subcommand; choose one of: \(names.joined(separator: ", "))")
      return reportUsageError(error, for: configuration, in: context)
    }
    if first == "-h" || first == "--help" {
      context.output.write(HelpGenerator.help(for: configuration, parent: ActionDispatchCommand.commandName))
      return .success
    }
    if first == "help" {
      return help(Array(arguments.dropFirst()), in: context)
    }
    if first.hasPrefix("-") {
      return reportUsageError(.unknownOption(first, among: configuration.allOptions), for: configuration, in: context)
    }
    guard let subcommand = subcommand(named: first) else {
      return reportUsageError(.unknownSubcommand(first, among: names), for: configuration, in: context)
    }
    let rest = Array(arguments.dropFirst())
    let nested = subcommand.configuration
    if CommandLineParser.requestsHelp(rest) {
      context.output.write(HelpGenerator.help(for: nested, parent: path))
      return .success
    }
    do throws(UsageError) {
      let command = try subcommand.init(CommandLineParser.parse(rest, for: nested))
      return await command.run(in: context)
    } catch {
      return reportUsageError(error, for: nested, in: context)
    }
  }

  /// `help [<subcommand>]` inside the group.
  private static func help(_ arguments: [String], in context: CommandContext) -> ExitCode {
    guard let name = arguments.first else {
      context.output.write(HelpGenerator.help(for: configuration, parent: ActionDispatchCommand.commandName))
      return .success
    }
    if arguments.count > 1 {
      return reportUsageError(.unexpectedArgument(arguments[1]), for: configuration, in: context)
    }
    guard let subcommand = subcommand(named: name) else {
      let names = subcommands.map { $0.configuration.commandName }
      return reportUsageError(.unknownSubcommand(name, among: names), for: configuration, in: context)
    }
    context.output.write(HelpGenerator.help(for: subcommand.configuration, parent: path))
    return .success
  }

  /// The nested subcommand with a name, if there is one.
  private static func subcommand(named name: String) -> (any Subcommand.Type)? {
    subcommands.first { $0.configuration.commandName == name }
  }

  /// Writes a usage error, the short usage line and where to read more; returns 2.
  ///
  /// - Parameters:
  ///   - error: What is wrong.
  ///   - command: The group's configuration or a nested subcommand's.
  ///   - context: Where to write.
  /// - Returns: ``ExitCode/usageError``.
  static func reportUsageError(
    _ error: UsageError,
    for command: CommandConfiguration,
    in context: CommandContext
  ) -> ExitCode {
    // The group's own errors point one level up, like the root's; a nested command's to the group.
    let parent = command.commandName == configuration.commandName ? ActionDispatchCommand.commandName : path
    let usage = command.shortUsage(in: parent)
    let helpCommand = "\(parent) help \(command.commandName)"
    context.reportError(error.message)
    context.errorOutput.write("Usage: \(usage)\nSee '\(helpCommand)'.\n")
    return .usageError
  }
}
