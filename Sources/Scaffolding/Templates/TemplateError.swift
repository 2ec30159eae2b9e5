/// A template rendered without a value for some of its placeholders.
///
/// ``Template/render(_:)`` throws it rather than leave `{{name}}` in its output:
///
/// ```swift
/// do {
///   _ = try Template(name: "greeting", text: "Hello, {{name}}!").render([:])
/// } catch {
///   print(error)   // template greeting has no value for {{name}}
/// }
/// ```
public struct TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The template's name.
  public let templateName: String
  /// The placeholders without a value, in order of first appearance.
  public let missingPlaceholders: [String]

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - templateName: The template's name.
  ///   - missingPlaceholders: The placeholders without a value.
  public init(templateName: String, missingPlaceholders: [String]) {
    self.templateName = templateName
    self.missingPlaceholders = missingPlaceholders
  }

  /// `template <name> has no value for {{a}}, {{b}}`.
  public var description: String {
    let names = missingPlaceholders.map { "{{\($0)}}" }.joined(separator: ", ")
    return "template \(templateName) has no value for \(names)"
  }
}
