/// Splits a command line into arguments, options and flags, by a command's definitions.
///
/// It accepts what swift-argument-parser accepts: `--name value`, `--name=value`, flags
/// anywhere among the positional arguments, `-h`, and `--` before arguments that start with a
/// dash. A negative number is taken as an option's value (`--limit -1`) so that validation can
/// say what is wrong with it.
///
/// ```swift
/// let parsed = try CommandLineParser.parse(["octocat", "--json"], for: ProfileCommand.configuration)
/// parsed.flag(GitHubOptions.json)   // true
/// ```
package enum CommandLineParser {
  /// Whether `-h` or `--help` appears before any `--`; help wins over every other mistake.
  ///
  /// - Parameter arguments: The command line after the command's name.
  /// - Returns: `true` when help was asked for.
  package static func requestsHelp(_ arguments: [String]) -> Bool {
    for argument in arguments {
      if argument == "--" { return false }
      if argument == "-h" || argument == "--help" { return true }
    }
    return false
  }

  /// Parses a command line against a command's arguments and options.
  ///
  /// - Parameters:
  ///   - arguments: The command line after the command's name.
  ///   - command: The command.
  /// - Returns: The arguments, values and flags.
  /// - Throws: ``UsageError`` for an unknown option, a missing or unexpected value, a missing
  ///   or unexpected positional argument.
  package static func parse(
    _ arguments: [String], for command: CommandConfiguration
  ) throws(UsageError) -> ParsedArguments {
    let options = command.allOptions
    var parsed = ParsedArguments()
    var positionals: [String] = []
    var remaining = arguments[...]
    var optionsEnded = false
    while let argument = remaining.popFirst() {
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let (name, inlineValue) = split(argument)
      guard let option = options.first(where: { matches($0, name) }) else {
        throw .unknownOption(argument, among: options)
      }
      if option.isFlag {
        if let inlineValue { throw .unexpectedValue(inlineValue, for: option) }
        parsed.flags.insert(option.name)
      } else if let inlineValue {
        parsed.values[option.name] = inlineValue
      } else if let next = remaining.first, !looksLikeOption(next) {
        parsed.values[option.name] = next
        remaining.removeFirst()
      } else {
        throw .missingValue(for: option)
      }
    }
    for (index, definition) in command.arguments.enumerated() {
      if index < positionals.count {
        parsed.arguments[definition.name] = positionals[index]
        if definition.isRepeating {
          parsed.repeatedArguments[definition.name] = Array(positionals[index...])
          return parsed
        }
      } else if !definition.isOptional {
        throw .missingArgument(definition)
      }
    }
    if positionals.count > command.arguments.count {
      throw .unexpectedArgument(positionals[command.arguments.count])
    }
    return parsed
  }

  /// `--limit=5` → (`--limit`, `5`); `--limit` → (`--limit`, nil). Short options never carry one.
  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private static func matches(_ option: OptionDefinition, _ name: String) -> Bool {
    name == option.spelling || option.shortName.map { name == "-\($0)" } == true
  }

  /// Whether the word after an option is another option rather than its value.
  private static func looksLikeOption(_ word: String) -> Bool {
    word.hasPrefix("-") && word != "-" && Int(word) == nil
  }
}
