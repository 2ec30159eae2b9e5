/// An environment variable a command reads, listed under ENVIRONMENT in `--help`.
///
/// ```swift
/// let noColor = EnvironmentDefinition(name: "NO_COLOR", help: "Set (non-empty) to turn colour off.")
/// ```
package struct EnvironmentDefinition: Sendable, Hashable {
  /// The variable's name.
  package let name: String
  /// What it changes.
  package let help: String

  /// Defines a variable.
  ///
  /// - Parameters:
  ///   - name: The variable's name.
  ///   - help: What it changes.
  package init(name: String, help: String) {
    self.name = name
    self.help = help
  }
}
