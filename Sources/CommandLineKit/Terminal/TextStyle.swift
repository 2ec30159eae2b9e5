/// The few ANSI styles `action-dispatch` uses, applied only where colour is allowed.
///
/// ```swift
/// let header = TextStyle.bold.apply(to: "LOGIN", when: stream.allowsColor)
/// ```
package enum TextStyle: Sendable {
  /// Table headers and labels.
  case bold
  /// `error:`.
  case boldRed
  /// `note:`.
  case boldYellow
  /// The spinner.
  case cyan

  /// The Select Graphic Rendition parameters.
  private var parameters: String {
    switch self {
    case .bold: "1"
    case .boldRed: "1;31"
    case .boldYellow: "1;33"
    case .cyan: "36"
    }
  }

  /// The text wrapped in this style's escape sequences, or unchanged when colour is off.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - enabled: Whether to style it, usually ``TerminalStream/allowsColor``.
  /// - Returns: The text to write.
  package func apply(to text: String, when enabled: Bool) -> String {
    enabled ? "\u{1B}[\(parameters)m\(text)\u{1B}[0m" : text
  }
}
