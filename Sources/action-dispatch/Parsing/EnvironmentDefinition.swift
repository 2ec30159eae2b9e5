/// An environment variable a command reads, listed under ENVIRONMENT in `--help`.
///
/// ```swift
/// let noColor = EnvironmentDefinition(name: "NO_COLOR", help: "Set (non-empty) to turn colour off.")
/// ```
struct EnvironmentDefinition: Sendable, Hashable {
  /// The variable's name.
  let name: String
  /// What it changes.
  let help: String
}
