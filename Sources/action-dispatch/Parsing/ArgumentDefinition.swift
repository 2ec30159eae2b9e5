/// One positional argument a command takes, such as `<username>`.
///
/// ```swift
/// let username = ArgumentDefinition(name: "username", help: "The GitHub login.")
/// print(username.synopsis)   // <username>
/// ```
struct ArgumentDefinition: Sendable, Hashable {
  /// The name, shown between angle brackets.
  let name: String
  /// What it is, for `--help`.
  let help: String
  /// Whether it may be left out.
  var isOptional = false
  /// Whether it takes every remaining word; only the last argument can.
  var isRepeating = false

  /// How it is written in usage lines: `<username>`, `[<subcommand>]` when optional,
  /// `[<subcommand> ...]` when it repeats too.
  var synopsis: String {
    let word = "<\(name)>" + (isRepeating ? " ..." : "")
    return isOptional ? "[\(word)]" : word
  }
}
