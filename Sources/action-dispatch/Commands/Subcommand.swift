/// One subcommand of `action-dispatch`: its definition, how it validates its command line, and
/// what it does.
///
/// To add a subcommand, say `scaffold`: write `struct ScaffoldCommand: Subcommand` in
/// `Commands/ScaffoldCommand.swift` and add it to ``ActionDispatchCommand/subcommands``.
/// Parsing, `--help`, `help scaffold` and usage errors then work without further code.
///
/// ```swift
/// struct HelloCommand: Subcommand {
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
protocol Subcommand: Sendable {
  /// The name, abstract, arguments, options and environment; `--help` is generated from it.
  static var configuration: CommandConfiguration { get }

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
