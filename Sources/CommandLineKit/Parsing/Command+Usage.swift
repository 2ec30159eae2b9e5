extension Command {
  /// What follows the command's path in its full usage line: `<subcommand>`, `<username>`,
  /// `[--limit <n>]`, ...
  package static var usageItems: [String] {
    (subcommands.isEmpty ? [] : ["<subcommand>"])
      + configuration.arguments.map(\.synopsis)
      + configuration.options.map { $0.isRequired ? $0.synopsis : "[\($0.synopsis)]" }
  }

  /// The short usage line of usage errors: `action-dispatch followers <username> [<options>]`,
  /// with the required options spelled out.
  ///
  /// - Parameter path: The names that lead to the command from the root, its own included.
  /// - Returns: The usage line.
  package static func shortUsage(path: [String]) -> String {
    let parts =
      path
      + (subcommands.isEmpty ? [] : ["<subcommand>"])
      + configuration.arguments.map(\.synopsis)
      + configuration.options.filter(\.isRequired).map(\.synopsis)
      + (configuration.options.allSatisfy(\.isRequired) ? [] : ["[<options>]"])
    return parts.joined(separator: " ")
  }
}
