/// A command line split into its positional arguments, option values and flags, checked
/// against a ``CommandConfiguration`` but not yet validated by the command.
///
/// ```swift
/// let parsed = try CommandLineParser.parse(["octocat", "--limit", "5"], for: FollowersCommand.configuration)
/// parsed.argument(FollowersCommand.username)   // "octocat"
/// parsed.value(FollowersCommand.limit)         // "5"
/// ```
package struct ParsedArguments: Sendable, Equatable {
  /// The positional arguments, by name; a repeating argument's first word.
  package var arguments: [String: String] = [:]
  /// The words of each repeating positional argument, by name.
  package var repeatedArguments: [String: [String]] = [:]
  /// The options' values, by name; the last one given wins.
  package var values: [String: String] = [:]
  /// The flags given, by name.
  package var flags: Set<String> = []

  /// Whether a flag was given.
  ///
  /// - Parameter option: The flag.
  /// - Returns: `true` when it appeared on the command line.
  package func flag(_ option: OptionDefinition) -> Bool {
    flags.contains(option.name)
  }

  /// An option's value, when given.
  ///
  /// - Parameter option: The option.
  /// - Returns: The last value given, or `nil`.
  package func value(_ option: OptionDefinition) -> String? {
    values[option.name]
  }

  /// A positional argument, when given.
  ///
  /// - Parameter argument: The argument.
  /// - Returns: Its value, or `nil` when an optional argument was left out.
  package func argument(_ argument: ArgumentDefinition) -> String? {
    arguments[argument.name]
  }

  /// A repeating positional argument's words.
  ///
  /// - Parameter argument: The argument.
  /// - Returns: Its words in order; empty when it was left out.
  package func arguments(_ argument: ArgumentDefinition) -> [String] {
    repeatedArguments[argument.name] ?? []
  }

  /// Whether an option or flag was given at all.
  ///
  /// - Parameter option: The option.
  /// - Returns: `true` when it appeared on the command line.
  package func contains(_ option: OptionDefinition) -> Bool {
    flags.contains(option.name) || values[option.name] != nil
  }

  /// An option's value as a whole number in a range.
  ///
  /// - Parameters:
  ///   - option: The option.
  ///   - range: The values allowed.
  ///   - expected: How the allowed values are described in the error, such as "1 to 4".
  /// - Returns: The number, or `nil` when the option was not given.
  /// - Throws: ``UsageError`` when the value is not a whole number in `range`.
  package func integer(
    _ option: OptionDefinition, in range: ClosedRange<Int>, expected: String
  ) throws(UsageError) -> Int? {
    guard let text = value(option) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw .invalidValue(text, for: option, expected: "a whole number, \(expected)")
    }
    return number
  }
}
