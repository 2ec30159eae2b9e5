/// Writes a command's `--help` from its ``CommandConfiguration`` and subcommands, laid out like
/// swift-argument-parser's: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS, ENVIRONMENT.
///
/// ```swift
/// print(HelpGenerator.help(for: ProfileCommand.self, path: ["action-dispatch", "profile"]))
/// // OVERVIEW: Show a user's profile.
/// //
/// // USAGE: action-dispatch profile <username> [--json] [--api-url <url>] [--demo]
/// // ...
/// ```
package enum HelpGenerator {
  /// The column where descriptions start; labels are indented by 2.
  package static let descriptionColumn = 26

  /// The help text of a command, ending with a newline.
  ///
  /// - Parameters:
  ///   - command: The command.
  ///   - path: The names that lead to it from the root, its own included.
  /// - Returns: The text to print on standard output.
  package static func help(for command: any Command.Type, path names: [String]) -> String {
    let configuration = command.configuration
    let path = names.joined(separator: " ")
    var sections = [TextWrapping.wrap("OVERVIEW: \(configuration.abstract)", indent: 0)]
    if !configuration.discussion.isEmpty {
      sections.append(TextWrapping.wrap(configuration.discussion))
    }
    let usageIndent = "USAGE: \(path) ".count
    let usage = TextWrapping.wrap(words: command.usageItems, indent: usageIndent)
    sections.append("USAGE: \(path) " + usage.dropFirst(usageIndent))
    if !configuration.arguments.isEmpty {
      sections.append(section("ARGUMENTS", configuration.arguments.map { ($0.synopsis, $0.help) }))
    }
    sections.append(section("OPTIONS", configuration.allOptions.map { ($0.label, describe($0)) }))
    if !command.subcommands.isEmpty {
      sections.append(
        section("SUBCOMMANDS", command.subcommands.map { ($0.configuration.commandName, $0.configuration.abstract) })
          + "\n\n  See '\(path) help <subcommand>' for detailed help.")
    }
    if !configuration.environment.isEmpty {
      sections.append(section("ENVIRONMENT", configuration.environment.map { ($0.name, $0.help) }))
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// An option's help, with its default when it has one.
  private static func describe(_ option: OptionDefinition) -> String {
    option.defaultValue.map { "\(option.help) (default: \($0))" } ?? option.help
  }

  /// A titled list of labels and descriptions in two columns.
  private static func section(_ title: String, _ rows: [(label: String, help: String)]) -> String {
    "\(title):\n" + rows.map(row).joined(separator: "\n")
  }

  /// `  --limit <n>             List at most <n> followers.`, wrapped; a long label gets its own line.
  private static func row(_ label: String, _ help: String) -> String {
    let labelText = "  " + label
    if labelText.count + 2 > descriptionColumn {
      return labelText + "\n" + TextWrapping.wrap(help, indent: descriptionColumn)
    }
    let padded = labelText + String(repeating: " ", count: descriptionColumn - labelText.count)
    return padded + TextWrapping.wrap(help, indent: descriptionColumn).dropFirst(descriptionColumn)
  }
}
