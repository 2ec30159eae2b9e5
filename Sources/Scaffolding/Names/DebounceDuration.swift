import Foundation

/// The quiet period of `scaffold action --debounce`, as written on the command line and as the
/// Swift `Duration` the method and the tests use.
///
/// ```swift
/// let quiet = try DebounceDuration(parsing: "300ms")
/// quiet.expression   // .milliseconds(300)
/// ```
///
/// It takes a whole number of milliseconds (`300ms`) or seconds (`2s`), or a `Duration` as
/// Swift writes it (`.milliseconds(300)`, `.seconds(2)`).
package struct DebounceDuration: Sendable, Hashable {
  /// The duration as Swift source, such as `.milliseconds(300)`.
  package let expression: String

  /// Reads a duration.
  ///
  /// - Parameter text: `300ms`, `2s`, `.milliseconds(300)` or `.seconds(2)`.
  /// - Throws: ``UnsupportedActionError`` for anything else, saying what is accepted.
  package init(parsing text: String) throws(UnsupportedActionError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let swift = #"^\.(milliseconds|seconds)\(([0-9]+)\)$"#
    if trimmed.range(of: swift, options: .regularExpression) != nil {
      expression = trimmed
      return
    }
    for (suffix, unit) in [("ms", "milliseconds"), ("s", "seconds")] where trimmed.hasSuffix(suffix) {
      let number = trimmed.dropLast(suffix.count)
      if number.allSatisfy(\.isASCIIDigit), let value = Int(number) {
        expression = ".\(unit)(\(value))"
        return
      }
    }
    throw UnsupportedActionError(
      text: "--debounce \(text)",
      reason: "write the quiet period as a whole number of milliseconds or seconds, such as 300ms or 2s, "
        + "or as Swift does, such as .milliseconds(300)")
  }
}

extension Character {
  /// Whether the character is one of `0`…`9`.
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
