import GitHubFollowers

/// What a command runs against: the environment and the two output streams.
///
/// Commands never read the process environment or write to the standard streams directly;
/// they go through this, so what they see and where they write is decided in one place.
///
/// ```swift
/// let context = CommandContext.current()
/// context.output.write("LOGIN\n")
/// context.reportError("GitHub has no user \"nobody\" (HTTP 404).")   // error: GitHub has no user ...
/// ```
struct CommandContext: Sendable {
  /// The environment variables, such as `GITHUB_TOKEN` and `NO_COLOR`.
  var environment: [String: String]
  /// Standard output: results only (tables, JSON, help, version).
  var output: TerminalStream
  /// Standard error: errors, notes and progress.
  var errorOutput: TerminalStream

  /// Whether to show progress: only when standard output and standard error are both
  /// terminals, as gh does. Piped output (`| less`, `| jq`) means the terminal is showing
  /// something else, which a spinner would draw into.
  var showsProgress: Bool { output.isTerminal && errorOutput.isTerminal }

  /// The context of this process.
  ///
  /// - Parameter environment: The process environment.
  /// - Returns: A context on standard output and standard error.
  static func current(environment: [String: String]) -> CommandContext {
    CommandContext(
      environment: environment,
      output: .standardOutput(environment: environment),
      errorOutput: .standardError(environment: environment))
  }

  /// Writes `error: <message>` on standard error, sanitized: an error may quote a server.
  ///
  /// - Parameter message: What went wrong and what to do, on one line.
  func reportError(_ message: String) {
    errorOutput.write(errorOutput.styled("error:", .boldRed) + " " + TerminalText.sanitized(message) + "\n")
  }

  /// Writes `note: <message>` on standard error, sanitized.
  ///
  /// - Parameter message: Something the user should know, such as a list being incomplete.
  func reportNote(_ message: String) {
    errorOutput.write(errorOutput.styled("note:", .boldYellow) + " " + TerminalText.sanitized(message) + "\n")
  }
}
