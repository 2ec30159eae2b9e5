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
package struct CommandConfiguration: Sendable {
  /// The name typed on the command line, such as `followers`.
  package var commandName: String
  /// One sentence, shown in the parent's list of subcommands and as OVERVIEW.
  package var abstract: String
  /// Paragraphs shown after the abstract in `--help`; may be empty.
  package var discussion: String = ""
  /// The version printed by `--version`, for the root command only.
  package var version: String? = nil
  /// The positional arguments, in order.
  package var arguments: [ArgumentDefinition] = []
  /// The options, in the order `--help` lists them.
  package var options: [OptionDefinition] = []
  /// The environment variables the command reads.
  package var environment: [EnvironmentDefinition] = []

  /// Defines a command.
  ///
  /// - Parameters:
  ///   - commandName: The name typed to run it.
  ///   - abstract: One line for `--help` and the parent's list.
  ///   - discussion: Paragraphs for `--help`; none by default.
  ///   - version: The version `--version` prints, for a root command; none by default.
  ///   - arguments: Its positional arguments, in order.
  ///   - options: Its options, in the order `--help` lists them.
  ///   - environment: The environment variables it reads.
  package init(
    commandName: String, abstract: String, discussion: String = "", version: String? = nil,
    arguments: [ArgumentDefinition] = [], options: [OptionDefinition] = [], environment: [EnvironmentDefinition] = []
  ) {
    self.commandName = commandName
    self.abstract = abstract
    self.discussion = discussion
    self.version = version
    self.arguments = arguments
    self.options = options
    self.environment = environment
  }

  /// The options including `--version` (when there is a version) and `-h, --help`.
  package var allOptions: [OptionDefinition] {
    options + (version == nil ? [] : [Self.versionOption]) + [.help]
  }

  /// `--version`.
  package static let versionOption = OptionDefinition.flag("version", help: "Show the version.")
}
