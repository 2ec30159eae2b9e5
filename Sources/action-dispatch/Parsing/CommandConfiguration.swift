/// What a command is called, what it does, and what it accepts.
///
/// Parsing, `--help` and the usage line of usage errors are generated from it (and from the
/// command's ``Command/subcommands``), so they never disagree:
///
/// ```swift
/// let configuration = CommandConfiguration(
///   commandName: "profile",
///   abstract: "Show a user's profile.",
///   arguments: [ArgumentDefinition(name: "username", help: "The GitHub login.")],
///   options: GitHubOptions.definitions
/// )
/// print(ProfileCommand.shortUsage(path: ["action-dispatch", "profile"]))
/// // action-dispatch profile <username> [<options>]
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

  /// The options including `--version` (when there is a version) and `-h, --help`.
  var allOptions: [OptionDefinition] {
    options + (version == nil ? [] : [Self.versionOption]) + [.help]
  }

  /// `--version`.
  static let versionOption = OptionDefinition.flag("version", help: "Show the version.")
}
