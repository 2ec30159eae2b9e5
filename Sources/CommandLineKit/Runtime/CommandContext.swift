/// What a command runs against: the root of its tool, the environment and the two output streams.
///
/// Commands never read the process environment or write to the standard streams directly;
/// they go through this, so what they see and where they write is decided in one place.
///
/// ```swift
/// let context = CommandContext.current(root: ActionDispatchCommand.self, environment: env, sanitize: TerminalText.sanitized)
/// context.output.write("LOGIN\n")
/// context.reportError("GitHub has no user \"nobody\" (HTTP 404).")   // error: GitHub has no user ...
/// ```
package struct CommandContext: Sendable {
  /// The tool's root command, whose tree ``CommandRouter`` walks and `help` reads.
  package var root: any Command.Type
  /// The environment variables, such as `GITHUB_TOKEN` and `NO_COLOR`.
  package var environment: [String: String]
  /// Standard output: results only (tables, JSON, help, version).
  package var output: TerminalStream
  /// Standard error: errors, notes and progress.
  package var errorOutput: TerminalStream

  /// Whether to show progress: only when standard output and standard error are both
  /// terminals, as gh does. Piped output (`| less`, `| jq`) means the terminal is showing
  /// something else, which a spinner would draw into.
  package var showsProgress: Bool { output.isTerminal && errorOutput.isTerminal }

  /// Makes text safe to write to a terminal: control characters and escape sequences shown,
  /// never written raw, for errors and notes that may quote a server or a path.
  package var sanitize: @Sendable (String) -> String

  /// The context of this process.
  ///
  /// - Parameters:
  ///   - root: The tool's root command.
  ///   - environment: The process environment.
  ///   - sanitize: How errors and notes are made safe for a terminal; by default, control
  ///     characters (C0, C1, DEL) and invisible format characters (bidi controls) are written as
  ///     `\u{…}` escapes.
  /// - Returns: A context on standard output and standard error.
  package static func current(
    root: any Command.Type, environment: [String: String],
    sanitize: @escaping @Sendable (String) -> String = CommandContext.escapingControls
  ) -> CommandContext {
    CommandContext(
      root: root,
      environment: environment,
      output: .standardOutput(environment: environment),
      errorOutput: .standardError(environment: environment),
      sanitize: sanitize)
  }

  /// Text with its control and format characters written as `\u{…}` escapes: the default
  /// ``sanitize``.
  ///
  /// - Parameter text: Text that may hold control characters.
  /// - Returns: The text, each C0, C1, DEL or format character (such as a bidi control) escaped.
  package static func escapingControls(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .control, .format: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Writes `error: <message>` on standard error, sanitized: an error may quote a server.
  ///
  /// - Parameter message: What went wrong and what to do, on one line.
  package func reportError(_ message: String) {
    errorOutput.write(errorOutput.styled("error:", .boldRed) + " " + sanitize(message) + "\n")
  }

  /// Writes `note: <message>` on standard error, sanitized.
  ///
  /// - Parameter message: Something the user should know, such as a list being incomplete.
  package func reportNote(_ message: String) {
    errorOutput.write(errorOutput.styled("note:", .boldYellow) + " " + sanitize(message) + "\n")
  }
}
