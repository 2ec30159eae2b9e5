/// A name that cannot be used in the generated Swift as written.
///
/// ``SwiftIdentifier/validate(_:as:)`` throws it before anything is generated; its description
/// names the bad name, says why, and what to use instead:
///
/// ```swift
/// do {
///   try SwiftIdentifier.validate("class", as: .action)
/// } catch {
///   print(error)
///   // 'class' is not a valid action name: it is a Swift keyword, usable only in backticks;
///   // choose another name
/// }
/// ```
package struct InvalidNameError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Why a name is not a valid identifier.
  package enum Reason: Equatable, Sendable {
    /// The name is empty.
    case empty
    /// The name starts with a digit.
    case startsWithDigit
    /// The name has a character that no Swift identifier has, such as `-` or a space.
    case invalidCharacter(Character)
    /// The name has a letter outside ASCII; scaffold accepts ASCII identifiers only.
    case nonASCII(Character)
    /// The name is a Swift keyword, or a word that cannot name a type or an enum case
    /// without backticks (`Type`, `Protocol`, `some`, `any`, `each`, `await`).
    case keyword
  }

  /// The name as given.
  package let name: String
  /// What the name was for.
  package let role: NameRole
  /// What is wrong with it.
  package let reason: Reason

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - name: The name as given.
  ///   - role: What the name was for.
  ///   - reason: What is wrong with it.
  package init(name: String, role: NameRole, reason: Reason) {
    self.name = name
    self.role = role
    self.reason = reason
  }

  /// What is wrong and what to do, starting in lowercase (it follows `error: `).
  package var description: String {
    let subject = "'\(name)' is not a valid \(role.noun)"
    switch reason {
    case .empty:
      return "the \(role.noun) is empty; give a Swift identifier, such as '\(role.example)'"
    case .startsWithDigit:
      return "\(subject): a Swift identifier cannot start with a digit"
    case .invalidCharacter(let character):
      return "\(subject): \(Self.quote(character)) cannot appear in a Swift identifier; "
        + "use letters, digits and '_', such as '\(role.example)'"
    case .nonASCII(let character):
      return "\(subject): \(Self.quote(character)) is not ASCII; scaffold accepts ASCII letters, digits and '_' only"
    case .keyword:
      return "\(subject): it is a Swift keyword, usable only in backticks; choose another name"
    }
  }

  /// `'-'`, or `U+000A` for a character that does not print.
  private static func quote(_ character: Character) -> String {
    if character == " " { return "a space" }
    let isControl = character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    if character.isWhitespace || isControl {
      let codes = character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
      return codes.joined(separator: " ")
    }
    return "'\(character)'"
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
