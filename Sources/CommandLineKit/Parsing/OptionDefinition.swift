/// One `--name` a command accepts: a flag, or an option that takes a value.
///
/// Parsing, `--help` and the usage line are all generated from these definitions:
///
/// ```swift
/// let limit = OptionDefinition.option("limit", value: "n", default: "30", help: "List at most <n> followers.")
/// print(limit.synopsis)   // --limit <n>
/// ```
package struct OptionDefinition: Sendable, Hashable {
  /// The long name without its dashes, such as `limit`.
  package let name: String
  /// A one-letter alias, such as `h` for `-h`.
  package let shortName: Character?
  /// The placeholder of the value, such as `n` in `--limit <n>`; `nil` for a flag.
  package let valueName: String?
  /// The default, shown in `--help` as `(default: 30)`.
  package let defaultValue: String?
  /// What the option does, for `--help`.
  package let help: String
  /// Whether the command needs it: usage lines show it without brackets. The command checks
  /// that it was given, with a message that says what to give.
  package var isRequired = false

  /// A flag: present or not, never with a value.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - shortName: A one-letter alias.
  ///   - help: What it does.
  /// - Returns: The definition.
  package static func flag(_ name: String, shortName: Character? = nil, help: String) -> OptionDefinition {
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
  package static func option(
    _ name: String, value: String, default defaultValue: String? = nil, required isRequired: Bool = false,
    help: String
  ) -> Self {
    OptionDefinition(
      name: name, shortName: nil, valueName: value, defaultValue: defaultValue, help: help, isRequired: isRequired)
  }

  /// `-h, --help`: every command has it.
  package static let help = OptionDefinition.flag("help", shortName: "h", help: "Show help information.")

  /// Whether the option is a flag.
  package var isFlag: Bool { valueName == nil }

  /// How it is written on the command line: `--limit`.
  package var spelling: String { "--\(name)" }

  /// How it is written in a usage line: `--limit <n>`, `--json`; `[--limit <n>]` there unless
  /// it is required.
  package var synopsis: String { valueName.map { "\(spelling) <\($0)>" } ?? spelling }

  /// How it is listed in `--help`: `-h, --help`, `--limit <n>`.
  package var label: String { shortName.map { "-\($0), \(synopsis)" } ?? synopsis }
}
