import Testing

/// A command line that `action-dispatch` must refuse, and the whole standard error it must
/// write: `error: <message>`, the short usage line of the command whose command line it is,
/// and where to read more.
///
/// The usage lines are written out here by hand, not taken from the code under test.
struct UsageErrorCase: Sendable, CustomTestStringConvertible {
  /// The arguments after `action-dispatch`.
  let arguments: [String]
  /// What follows `error: `.
  let message: String
  /// The command whose usage is shown, as the words after `action-dispatch` (`"followers"`,
  /// `"scaffold action"`); `nil` for the root command.
  let command: String?

  var testDescription: String { "action-dispatch " + arguments.joined(separator: " ") }

  /// What follows each command's path in its short usage line.
  static let usageTails: [String: String] = [
    "": "<subcommand>",
    "help": "[<subcommand> ...]",
    "followers": "<username> [<options>]",
    "profile": "<username> [<options>]",
    "search": "<query> [<options>]",
    "scaffold": "<subcommand>",
    "scaffold action": "<actionName> --view-model <TypeName> [<options>]",
    "scaffold view-model": "<TypeName> [<options>]",
  ]

  /// The whole standard error.
  var expectedStderr: String {
    let words = command?.split(separator: " ").map(String.init) ?? []
    guard let tail = Self.usageTails[words.joined(separator: " ")] else {
      preconditionFailure("no usage line for \(command ?? "the root")")
    }
    let usage = (["action-dispatch"] + words + [tail]).joined(separator: " ")
    // `action-dispatch help`, `action-dispatch help followers`, `action-dispatch scaffold help action`.
    let help = (["action-dispatch"] + words.dropLast() + ["help"] + words.suffix(1)).joined(separator: " ")
    return "error: \(message)\nUsage: \(usage)\nSee '\(help)'.\n"
  }
}
