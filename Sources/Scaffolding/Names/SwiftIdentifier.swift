/// Checks that a name can be used, as written, as a Swift identifier in generated code.
///
/// A valid name is ASCII: a letter or `_`, then letters, digits and `_`; and it is neither a
/// keyword nor one of the contextual keywords that cannot name a type or an enum case without
/// backticks (``reservedWords``).
///
/// ```swift
/// try SwiftIdentifier.validate("fetchProfile", as: .action)   // fine
/// try SwiftIdentifier.validate("a-b", as: .action)            // throws InvalidNameError
/// ```
///
/// Swift itself allows many non-ASCII letters in identifiers; scaffold does not, because the
/// names become test and type names that every tool must handle, and because this package's
/// swift-format configuration requires ASCII identifiers (`IdentifiersMustBeASCII`).
package enum SwiftIdentifier {
  /// The words that cannot be an action, type, mock or module name without backticks.
  ///
  /// Every Swift keyword used in declarations, statements, expressions and types, plus `_`,
  /// `Type` and `Protocol` (not members: they clash with `.Type` and `.Protocol`), and `some`,
  /// `any`, `each` and `await` (not type names). Other contextual keywords, such as `get`,
  /// `open` or `async`, work as they are.
  package static let reservedWords: Set<String> = [
    // Declarations.
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var",
    // Statements.
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
    "in", "repeat", "return", "switch", "throw", "where", "while",
    // Expressions and types.
    "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    // Contextual keywords that cannot name a member, or a type, unescaped.
    "Type", "Protocol", "some", "any", "each", "await",
  ]

  /// Whether a name is valid, as a Boolean.
  ///
  /// - Parameter name: The name.
  /// - Returns: `true` when ``validate(_:as:)`` would not throw.
  package static func isValid(_ name: String) -> Bool {
    reason(name) == nil
  }

  /// Checks a name, throwing an error that says what is wrong.
  ///
  /// - Parameters:
  ///   - name: The name as the user gave it.
  ///   - role: What it will name; the error message mentions it.
  /// - Throws: ``InvalidNameError`` when the name is empty, starts with a digit, has a
  ///   character no identifier has or a non-ASCII letter, or is a reserved word.
  package static func validate(_ name: String, as role: NameRole) throws(InvalidNameError) {
    if let reason = reason(name) {
      throw InvalidNameError(name: name, role: role, reason: reason)
    }
  }

  /// What is wrong with a name, or `nil`.
  private static func reason(_ name: String) -> InvalidNameError.Reason? {
    guard let first = name.first else { return .empty }
    for character in name {
      if character == "_" || (character.isASCII && (character.isLetter || character.isNumber)) { continue }
      return character.isLetter || character.isNumber ? .nonASCII(character) : .invalidCharacter(character)
    }
    if first.isNumber { return .startsWithDigit }
    if reservedWords.contains(name) { return .keyword }
    return nil
  }
}
