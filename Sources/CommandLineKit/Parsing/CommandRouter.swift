/// Takes a command line down the tree of ``Command``s to the one it names and runs it; `-h`,
/// `--help`, `help [<subcommand> ...]` and usage errors work the same at every level.
///
/// At a command with subcommands, a first word that is not an option picks the subcommand and
/// the rest goes down to it. Anywhere else the words are parsed by the command's configuration
/// and the command runs, unless they ask for help. `help` is the root's subcommand;
/// `<group> help <names>` is the same as `help <group> <names>`:
///
/// ```
/// $ action-dispatch scaffold action --help
/// $ action-dispatch help scaffold action
/// $ action-dispatch scaffold help action
/// ```
///
/// Every usage error is reported here, with the usage line of the command whose command line
/// it is.
package enum CommandRouter {
  /// Runs a command line from the context's root.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the executable's name.
  ///   - context: The root command, the environment and output streams.
  /// - Returns: How the process should end.
  @MainActor
  package static func run(_ arguments: [String], in context: CommandContext) async -> ExitCode {
    await run(arguments, command: context.root, path: [context.root.configuration.commandName], in: context)
  }

  /// Runs the words after a command's name: one of its subcommands, its help, or itself.
  @MainActor
  private static func run(
    _ words: [String], command: any Command.Type, path: [String], in context: CommandContext
  ) async -> ExitCode {
    if !command.subcommands.isEmpty, let first = words.first, !first.hasPrefix("-") {
      let rest = Array(words.dropFirst())
      if let subcommand = command.subcommand(named: first) {
        return await run(rest, command: subcommand, path: path + [first], in: context)
      }
      if first == HelpCommand.configuration.commandName {
        return await run([first] + path.dropFirst() + rest, in: context)
      }
      return report(.unknownSubcommand(first, among: command.subcommandNames), for: command, path: path, in: context)
    }
    if CommandLineParser.requestsHelp(words) {
      context.output.write(HelpGenerator.help(for: command, path: path))
      return .success
    }
    do throws(UsageError) {
      let instance = try command.init(CommandLineParser.parse(words, for: command.configuration))
      return await instance.run(in: context)
    } catch {
      return report(error, for: command, path: path, in: context)
    }
  }

  /// The names that lead from the root to a command: `["action-dispatch", "scaffold", "action"]`.
  ///
  /// - Parameters:
  ///   - command: A command in the tree.
  ///   - root: The root of the tree.
  /// - Returns: Its path; the root's name alone for a command that is not in the tree.
  package static func path(to command: any Command.Type, from root: any Command.Type) -> [String] {
    func search(_ node: any Command.Type, _ path: [String]) -> [String]? {
      if ObjectIdentifier(node) == ObjectIdentifier(command) { return path }
      for subcommand in node.subcommands {
        if let found = search(subcommand, path + [subcommand.configuration.commandName]) { return found }
      }
      return nil
    }
    let rootPath = [root.configuration.commandName]
    return search(root, rootPath) ?? rootPath
  }

  /// Writes a usage error, the command's short usage line and where to read more; returns 2.
  ///
  /// - Parameters:
  ///   - error: What is wrong.
  ///   - command: The command whose command line it is.
  ///   - path: The names that lead to it from the root.
  ///   - context: Where to write.
  /// - Returns: ``ExitCode/usageError``.
  package static func report(
    _ error: UsageError, for command: any Command.Type, path: [String], in context: CommandContext
  ) -> ExitCode {
    // `action-dispatch help`, `action-dispatch help followers`, `action-dispatch scaffold help action`.
    let helpWords = path.count == 1 ? path + ["help"] : Array(path.dropLast()) + ["help"] + path.suffix(1)
    context.reportError(error.message)
    context.errorOutput.write("Usage: \(command.shortUsage(path: path))\nSee '\(helpWords.joined(separator: " "))'.\n")
    return .usageError
  }
}
