import CommandLineKit
import GitHubFollowers

extension ParsedArguments {
  /// A positional argument as a GitHub login, checked before any request.
  ///
  /// ```swift
  /// let login = try arguments.username(FollowersCommand.username)
  /// ```
  ///
  /// - Parameter argument: The argument holding the login.
  /// - Returns: The login, unchanged.
  /// - Throws: ``UsageError`` with the client's reason, such as
  ///   `"a b" is not a valid GitHub username: it contains a space. …`.
  func username(_ argument: ArgumentDefinition) throws(UsageError) -> String {
    let raw = self.argument(argument) ?? ""
    do {
      return try GitHubUsername.validate(raw)
    } catch {
      throw UsageError(error.description)
    }
  }
}
