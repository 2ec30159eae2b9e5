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
package struct TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The template's name.
  package let templateName: String
  /// The placeholders without a value, in order of first appearance.
  package let missingPlaceholders: [String]

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - templateName: The template's name.
  ///   - missingPlaceholders: The placeholders without a value.
  package init(templateName: String, missingPlaceholders: [String]) {
    self.templateName = templateName
    self.missingPlaceholders = missingPlaceholders
  }

  /// `template <name> has no value for {{a}}, {{b}}`.
  package var description: String {
    let names = missingPlaceholders.map { "{{\($0)}}" }.joined(separator: ", ")
    return "template \(templateName) has no value for \(names)"
  }
}
