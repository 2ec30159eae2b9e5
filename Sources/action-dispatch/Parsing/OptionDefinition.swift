/// One `--name` a command accepts: a flag, or an option that takes a value.
///
/// Parsing, `--help` and the usage line are all generated from these definitions:
///
/// ```swift
/// let limit = OptionDefinition.option("limit", value: "n", default: "30", help: "List at most <n> followers.")
/// print(limit.synopsis)   // --limit <n>
/// ```
struct OptionDefinition: Sendable, Hashable {
  /// The long name without its dashes, such as `limit`.
  let name: String
  /// A one-letter alias, such as `h` for `-h`.
  let shortName: Character?
  /// The placeholder of the value, such as `n` in `--limit <n>`; `nil` for a flag.
  let valueName: String?
  /// The default, shown in `--help` as `(default: 30)`.
  let defaultValue: String?
  /// What the option does, for `--help`.
  let help: String
  /// Whether the command needs it: usage lines show it without brackets. The command checks
  /// that it was given, with a message that says what to give.
  var isRequired = false

  /// A flag: present or not, never with a value.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - shortName: A one-letter alias.
  ///   - help: What it does.
  /// - Returns: The definition.
  static func flag(_ name: String, shortName: Character? = nil, help: String) -> OptionDefinition {
    OptionDefinition(name: name, shortName: shortName, valueName: nil, defaultValue: nil, help: help)
  }

  /// An option with a value, given as `--name value` or `--name=value`.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - value: The value's placeholder.
  ///   - defaultValue: The default, for `--help`.
  ///   - isRequired: Whether the command needs it.
  ///   - help: What it does.
  /// - Returns: The definition.
  static func option(
    _ name: String, value: String, default defaultValue: String? = nil, required isRequired: Bool = false,
    help: String
  ) -> Self {
    OptionDefinition(
      name: name, shortName: nil, valueName: value, defaultValue: defaultValue, help: help, isRequired: isRequired)
  }

  /// `-h, --help`: every command has it.
  static let help = OptionDefinition.flag("help", shortName: "h", help: "Show help information.")

  /// Whether the option is a flag.
  var isFlag: Bool { valueName == nil }

  /// How it is written on the command line: `--limit`.
  var spelling: String { "--\(name)" }

  /// How it is written in a usage line: `--limit <n>`, `--json`; `[--limit <n>]` there unless
  /// it is required.
  var synopsis: String { valueName.map { "\(spelling) <\($0)>" } ?? spelling }

  /// How it is listed in `--help`: `-h, --help`, `--limit <n>`.
  var label: String { shortName.map { "-\($0), \(synopsis)" } ?? synopsis }
}
