/// A command line that `action-dispatch` cannot run, saying what to change.
///
/// Thrown while parsing and validating, before any request. It is reported on standard error
/// as `error: <message>`, followed by the command's short usage line and where to read more,
/// and the process exits with ``ExitCode/usageError``:
///
/// ```
/// error: invalid value 'many' for '--limit <n>': expected a whole number, 1 or more
/// Usage: action-dispatch followers <username> [<options>]
/// See 'action-dispatch help followers'.
/// ```
package struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, starting in lowercase (it follows `error: `).
  package let message: String

  /// Creates an error with its message.
  ///
  /// - Parameter message: What is wrong and, where it helps, what to do.
  package init(_ message: String) {
    self.message = message
  }

  /// The message.
  package var description: String { message }

  /// An option the command does not have, with the nearest long option it does have.
  package static func unknownOption(_ argument: String, among options: [OptionDefinition]) -> UsageError {
    let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
    return UsageError("unknown option '\(name)'" + suggestion(for: name, among: options.map(\.spelling)))
  }

  /// A subcommand that does not exist, with the nearest one that does.
  package static func unknownSubcommand(_ name: String, among names: [String]) -> UsageError {
    UsageError("unknown subcommand '\(name)'" + suggestion(for: name, among: names))
  }

  /// An option that needs a value and got none.
  package static func missingValue(for option: OptionDefinition) -> UsageError {
    UsageError("missing value for '\(option.synopsis)'")
  }

  /// A flag given a value, as in `--json=yes`.
  package static func unexpectedValue(_ value: String, for option: OptionDefinition) -> UsageError {
    UsageError("'\(option.spelling)' takes no value, but was given '\(value)'")
  }

  /// A positional argument the command does not take.
  package static func unexpectedArgument(_ argument: String) -> UsageError {
    UsageError("unexpected argument '\(argument)'")
  }

  /// A positional argument that was left out.
  package static func missingArgument(_ argument: ArgumentDefinition) -> UsageError {
    UsageError("missing expected argument '<\(argument.name)>'")
  }

  /// A value that is not what the option takes.
  package static func invalidValue(_ value: String, for option: OptionDefinition, expected: String) -> UsageError {
    UsageError("invalid value '\(value)' for '\(option.synopsis)': expected \(expected)")
  }

  /// Two options that exclude each other.
  package static func conflict(
    _ first: OptionDefinition, _ second: OptionDefinition, because reason: String
  ) -> UsageError {
    UsageError("'\(first.spelling)' and '\(second.spelling)' cannot be used together: \(reason)")
  }

  /// `; did you mean '--limit'?` when a candidate is within two edits of `word`, else nothing.
  private static func suggestion(for word: String, among candidates: [String]) -> String {
    let scored = candidates.map { (candidate: $0, distance: editDistance(word, $0)) }
    guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 2, best.distance < word.count
    else { return "" }
    return "; did you mean '\(best.candidate)'?"
  }

  /// The Levenshtein distance between two strings.
  private static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let lhs = Array(lhs)
    let rhs = Array(rhs)
    var previous = Array(0...rhs.count)
    for (i, left) in lhs.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: rhs.count)
      for (j, right) in rhs.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
      }
      previous = current
    }
    return previous[rhs.count]
  }
}
