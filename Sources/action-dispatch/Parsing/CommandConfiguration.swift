/// What a command is called, what it does, and what it accepts.
///
/// Parsing, `--help` and the usage line of usage errors are generated from it, so they never
/// disagree:
///
/// ```swift
/// let configuration = CommandConfiguration(
///   commandName: "profile",
///   abstract: "Show a user's profile.",
///   arguments: [ArgumentDefinition(name: "username", help: "The GitHub login.")],
///   options: GitHubOptions.definitions
/// )
/// print(configuration.usage(in: "action-dispatch"))
/// // action-dispatch profile <username> [--json] [--api-url <url>] [--demo]
/// ```
///
/// `-h, --help` is added to every command; don't list it.
struct CommandConfiguration: Sendable {
  /// The name typed on the command line, such as `followers`.
  var commandName: String
  /// One sentence, shown in the parent's list of subcommands and as OVERVIEW.
  var abstract: String
  /// Paragraphs shown after the abstract in `--help`; may be empty.
  var discussion: String = ""
  /// The version printed by `--version`, for the root command only.
  var version: String? = nil
  /// The positional arguments, in order.
  var arguments: [ArgumentDefinition] = []
  /// The options, in the order `--help` lists them.
  var options: [OptionDefinition] = []
  /// The environment variables the command reads.
  var environment: [EnvironmentDefinition] = []
  /// The subcommands, for the root command only.
  var subcommands: [CommandConfiguration] = []

  /// The options including `--version` (when there is a version) and `-h, --help`.
  var allOptions: [OptionDefinition] {
    options + (version == nil ? [] : [Self.versionOption]) + [.help]
  }

  /// `--version`.
  static let versionOption = OptionDefinition.flag("version", help: "Show the version.")

  /// The full usage line, such as `action-dispatch followers <username> [--limit <n>] [--json]`.
  ///
  /// - Parameter parent: The words before this command's name, such as `action-dispatch`;
  ///   empty for the root command.
  /// - Returns: The usage line, on one line.
  func usage(in parent: String) -> String {
    ([commandPath(in: parent)] + usageItems).joined(separator: " ")
  }

  /// What follows the command's name in its usage line: `<username>`, `[--limit <n>]`, ...
  var usageItems: [String] {
    (subcommands.isEmpty ? [] : ["<subcommand>"])
      + arguments.map(\.synopsis)
      + options.map { "[\($0.synopsis)]" }
  }

  /// The short usage line of usage errors: `action-dispatch followers <username> [<options>]`.
  ///
  /// - Parameter parent: The words before this command's name; empty for the root command.
  /// - Returns: The usage line.
  func shortUsage(in parent: String) -> String {
    let parts =
      [commandPath(in: parent)]
      + (subcommands.isEmpty ? [] : ["<subcommand>"])
      + arguments.map(\.synopsis)
      + (options.isEmpty ? [] : ["[<options>]"])
    return parts.joined(separator: " ")
  }

  /// `action-dispatch followers`, or `action-dispatch` for the root.
  ///
  /// - Parameter parent: The words before this command's name.
  /// - Returns: The words that run this command.
  func commandPath(in parent: String) -> String {
    parent.isEmpty ? commandName : "\(parent) \(commandName)"
  }
}
