import CommandLineKit
import GitHubFollowers

/// A command over one user and nothing else: `<username>`, checked once as it comes in, and the
/// GitHub options, parsed alike for every such command (`profile`, `browse`).
///
/// ```swift
/// struct ProfileCommand: UserCommand {
///   static let username = ArgumentDefinition(name: "username", help: "The GitHub login whose profile to show.")
///   let username: GitHubUsername
///   let options: GitHubOptions
///   // configuration, run(in:)
/// }
/// ```
protocol UserCommand: Command {
  /// `<username>`'s definition.
  static var username: ArgumentDefinition { get }

  /// The command, from its parsed values (a struct's memberwise initialiser).
  ///
  /// - Parameters:
  ///   - username: `<username>`, validated.
  ///   - options: The GitHub options.
  init(username: GitHubUsername, options: GitHubOptions)
}

extension UserCommand {
  /// Checks `<username>` and parses the GitHub options.
  ///
  /// - Parameter arguments: The command line, parsed by ``Command/configuration``.
  /// - Throws: ``UsageError`` when the login is not a valid GitHub username or an option is invalid.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    self.init(username: try arguments.username(Self.username), options: try GitHubOptions(arguments))
  }
}
