/// An action given to `scaffold action` with associated values scaffold cannot generate tests
/// for, saying why and what to do.
///
/// ```swift
/// do {
///   _ = try ActionSignature(parsing: "delete(Item)")
/// } catch {
///   print(error)   // 'delete(Item)' cannot be scaffolded: scaffold writes sample values only for ...
/// }
/// ```
package struct UnsupportedActionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The action as given.
  package let text: String
  /// Why, and what to do instead.
  package let reason: String

  /// What is wrong and what to do, starting in lowercase (it follows `error: `).
  package var description: String {
    "'\(text)' cannot be scaffolded: \(reason)"
  }
}
