/// One command of a tool (`action-dispatch`, `action-dispatch-scaffold`): the root, a group such as `scaffold`, or a command that
/// does the work, such as `followers`.
///
/// The commands form a tree through ``subcommands``, and ``CommandRouter`` takes a command line
/// down it: parsing, `-h`, `--help`, `help [<subcommand> ...]` and usage errors then work at
/// every level without further code. To add a subcommand, write a type that conforms and list
/// it in its parent's ``subcommands``:
///
/// ```swift
/// struct HelloCommand: Command {
///   static let name = ArgumentDefinition(name: "name", help: "Who to greet.")
///   static let configuration = CommandConfiguration(
///     commandName: "hello", abstract: "Greet someone.", arguments: [name])
///
///   let greeted: String
///
///   init(_ arguments: ParsedArguments) throws(UsageError) {
///     greeted = arguments.argument(Self.name) ?? ""
///     if greeted.isEmpty { throw UsageError("the name is empty") }
///   }
///
///   func run(in context: CommandContext) async -> ExitCode {
///     context.output.write("Hello, \(greeted)!\n")
///     return .success
///   }
/// }
/// ```
///
/// A command with subcommands runs only when none is named; by default it then shows its help,
/// as swift-argument-parser's and gh's groups do.
package protocol Command: Sendable {
  /// The name, abstract, arguments, options and environment; `--help` is generated from it.
  static var configuration: CommandConfiguration { get }

  /// The commands one level down, in the order `--help` lists them; empty by default.
  static var subcommands: [any Command.Type] { get }

  /// Validates the parsed command line. Nothing is sent or written yet.
  ///
  /// - Parameter arguments: The command line, parsed by ``configuration``.
  /// - Throws: ``UsageError`` when a value is invalid or options conflict.
  init(_ arguments: ParsedArguments) throws(UsageError)

  /// Does the work, writing results to standard output and problems to standard error.
  ///
  /// - Parameter context: The environment and output streams.
  /// - Returns: How the process should end.
  @MainActor func run(in context: CommandContext) async -> ExitCode
}

extension Command {
  /// No subcommands.
  package static var subcommands: [any Command.Type] { [] }

  /// Shows the command's help on standard output: what a group does when run on its own.
  ///
  /// - Parameter context: The output streams.
  /// - Returns: ``ExitCode/success``.
  @MainActor package func run(in context: CommandContext) async -> ExitCode {
    context.output.write(
      HelpGenerator.help(for: Self.self, path: CommandRouter.path(to: Self.self, from: context.root)))
    return .success
  }

  /// The subcommand with a name, if there is one.
  ///
  /// - Parameter name: The name typed.
  /// - Returns: The subcommand's type.
  package static func subcommand(named name: String) -> (any Command.Type)? {
    subcommands.first { $0.configuration.commandName == name }
  }

  /// The names of the subcommands, in order.
  package static var subcommandNames: [String] {
    subcommands.map { $0.configuration.commandName }
  }
}
