import CommandLineKit
import GitHubFollowers

extension ParsedArguments {
  /// A positional argument as a GitHub login, checked before any request: the one check it
  /// gets, since everything after takes the ``GitHubUsername`` as it is.
  ///
  /// ```swift
  /// let login = try arguments.username(FollowersCommand.username)
  /// ```
  ///
  /// - Parameter argument: The argument holding the login.
  /// - Returns: The login, unchanged.
  /// - Throws: ``UsageError`` with the client's reason, such as
  ///   `"a b" is not a valid GitHub username: it contains a space. …`.
  func username(_ argument: ArgumentDefinition) throws(UsageError) -> GitHubUsername {
    let raw = self.argument(argument) ?? ""
    do {
      return try GitHubUsername(raw)
    } catch {
      throw UsageError(error.description)
    }
  }
}
