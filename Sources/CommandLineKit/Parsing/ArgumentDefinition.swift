/// One positional argument a command takes, such as `<username>`.
///
/// ```swift
/// let username = ArgumentDefinition(name: "username", help: "The GitHub login.")
/// print(username.synopsis)   // <username>
/// ```
package struct ArgumentDefinition: Sendable, Hashable {
  /// The name, shown between angle brackets.
  package let name: String
  /// What it is, for `--help`.
  package let help: String
  /// Whether it may be left out.
  package var isOptional = false
  /// Whether it takes every remaining word; only the last argument can.
  package var isRepeating = false

  /// Defines an argument.
  ///
  /// - Parameters:
  ///   - name: The placeholder's name, such as `username`.
  ///   - help: What it is, for `--help`.
  ///   - isOptional: Whether it may be omitted.
  ///   - isRepeating: Whether it takes every remaining word.
  package init(name: String, help: String, isOptional: Bool = false, isRepeating: Bool = false) {
    self.name = name
    self.help = help
    self.isOptional = isOptional
    self.isRepeating = isRepeating
  }

  /// How it is written in usage lines: `<username>`, `[<subcommand>]` when optional,
  /// `[<subcommand> ...]` when it repeats too.
  package var synopsis: String {
    let word = "<\(name)>" + (isRepeating ? " ..." : "")
    return isOptional ? "[\(word)]" : word
  }
}
