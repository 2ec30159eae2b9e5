import Foundation

/// A new action as `scaffold action` takes it: a name, and the associated values of its enum
/// case, if any — `unfollow`, `delete(Int)`, `move(from: Int, to: Int)`.
///
/// The generated method takes the associated values as parameters, and the tests call it with
/// a sample value of each type, so an action like `delete(Int)` is called and checked as
/// `.delete(1)`:
///
/// ```swift
/// let signature = try ActionSignature(parsing: "delete(id: Int)")
/// signature.caseDeclaration   // delete(id: Int)
/// signature.methodParameters  // id: Int
/// signature.sampleValue       // delete(id: 1)
/// ```
///
/// The tests need a literal of each type: `Int`, `Double`, `Float`, `String` and `Bool`, and
/// their optionals, are supported.
package struct ActionSignature: Sendable, Hashable {
  /// One associated value: its label, if any, and its type.
  package struct Parameter: Sendable, Hashable {
    /// The label, such as `id` in `delete(id: Int)`; `nil` for `delete(Int)`.
    package let label: String?
    /// The type, such as `Int` or `String?`.
    package let type: String
    /// The literal the tests pass, such as `1`.
    package let sample: String
  }

  /// The types scaffold can write a literal of, and the literal.
  package static let samples: [String: String] = [
    "Int": "1", "Int8": "1", "Int16": "1", "Int32": "1", "Int64": "1", "UInt": "1", "UInt8": "1", "UInt16": "1",
    "UInt32": "1", "UInt64": "1", "Double": "1", "Float": "1", "String": #""sample""#, "Bool": "true",
  ]

  /// The enum case's name, also the method's and the tests' prefix.
  package let name: String
  /// The associated values, in order; empty for a plain case.
  package private(set) var parameters: [Parameter]

  /// A plain case, without associated values; the name is not checked.
  ///
  /// - Parameter name: The case's name.
  package init(plain name: String) {
    self.name = name
    self.parameters = []
  }

  /// Parses an action as typed on the command line.
  ///
  /// - Parameter text: `name` or `name(Type, label: Type, ...)`.
  /// - Throws: ``InvalidNameError`` for a name or label that is not a Swift identifier, or
  ///   ``UnsupportedActionError`` for an associated value scaffold cannot write a sample of.
  package init(parsing text: String) throws {
    guard let open = text.firstIndex(of: "(") else {
      try SwiftIdentifier.validate(text, as: .action)
      name = text
      parameters = []
      return
    }
    let name = String(text[..<open])
    try SwiftIdentifier.validate(name, as: .action)
    guard text.hasSuffix(")") else {
      throw UnsupportedActionError(text: text, reason: "it has '(' without a closing ')' at the end")
    }
    let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
    if inside.allSatisfy(\.isWhitespace) {
      throw UnsupportedActionError(text: text, reason: "its parentheses are empty; write \(name) alone")
    }
    var parameters: [Parameter] = []
    for item in inside.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = item.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces }
      let label = parts.count == 2 ? parts[0] : nil
      let type = parts.count == 2 ? parts[1] : parts[0]
      if let label {
        try SwiftIdentifier.validate(label, as: .action)
      }
      let base = type.hasSuffix("?") ? String(type.dropLast()) : type
      guard let sample = Self.samples[base] else {
        let reason =
          type.isEmpty
          ? "an associated value has no type"
          : "scaffold writes sample values only for Int, Double, Float, String and Bool (and their "
            + "optionals), not '\(type)'; scaffold it with one of these, then change the tests' argument"
        throw UnsupportedActionError(text: text, reason: reason)
      }
      parameters.append(Parameter(label: label, type: type, sample: sample))
    }
    self.name = name
    self.parameters = parameters
  }

  /// What follows `case ` in the enum: `delete(id: Int)`.
  package var caseDeclaration: String {
    name + list(parameters.map { $0.label.map { "\($0): " } ?? "" }, parameters.map(\.type))
  }

  /// The parameters of the view model's method: `id: Int`, or `_ value: Int` without a label.
  package var methodParameters: String {
    zip(parameters, parameterNames).map { parameter, local in
      parameter.label.map { "\($0): \(parameter.type)" } ?? "_ \(local): \(parameter.type)"
    }.joined(separator: ", ")
  }

  /// The action value the method dispatches, from its parameters: `delete(id: id)`.
  package var valueFromParameters: String {
    name + list(parameters.map { $0.label.map { "\($0): " } ?? "" }, parameterNames)
  }

  /// The arguments the method passes on to the service: `id: id`, or `value`.
  package var argumentsFromParameters: String {
    zip(parameters, parameterNames).map { parameter, local in
      parameter.label.map { "\($0): \(local)" } ?? local
    }.joined(separator: ", ")
  }

  /// The action value the tests check, with sample arguments: `delete(id: 1)`.
  package var sampleValue: String {
    name + list(parameters.map { $0.label.map { "\($0): " } ?? "" }, parameters.map(\.sample))
  }

  /// The call the tests make: `delete(id: 1)`, or `delete(1)` without a label.
  package var sampleCall: String {
    name + "("
      + zip(parameters, parameters.map(\.sample)).map { ($0.label.map { "\($0): " } ?? "") + $1 }
      .joined(separator: ", ") + ")"
  }

  /// The input type of the mock's `Stub`: `Void`, the one value's type, or a tuple of several,
  /// labelled like the method's parameters: `(from: Int, to: Int)`.
  package var stubInput: String {
    switch parameters.count {
    case 0: "Void"
    case 1: parameters[0].type
    default: "(" + zip(parameterNames, parameters).map { "\($0): \($1.type)" }.joined(separator: ", ") + ")"
    }
  }

  /// What the mock's method passes its `Stub`: nothing, the one value, or a tuple of several:
  /// `(from, to)`.
  package var stubArguments: String {
    switch parameters.count {
    case 0: ""
    case 1: parameterNames[0]
    default: "(" + parameterNames.joined(separator: ", ") + ")"
    }
  }

  /// A literal of a type, for the tests: from ``samples``, for an optional the literal of its
  /// wrapped type, for an array `[T]` a one-element array, for a dictionary `[K: V]` a
  /// one-entry dictionary; `nil` for any other type, such as the app's own.
  ///
  /// - Parameter type: A type as written in Swift, such as `[String]`.
  /// - Returns: The literal, such as `["sample"]`, or `nil`.
  package static func sample(of type: String) -> String? {
    let type = type.trimmingCharacters(in: .whitespaces)
    if let literal = samples[type] { return literal }
    if type.hasSuffix("?") { return sample(of: String(type.dropLast())) }
    guard type.hasPrefix("["), type.hasSuffix("]") else { return nil }
    let inside = String(type.dropFirst().dropLast())
    var depth = 0
    for (offset, character) in inside.enumerated() {
      switch character {
      case "[", "<", "(": depth += 1
      case "]", ">", ")": depth -= 1
      case ":" where depth == 0:
        let key = String(inside.prefix(offset))
        let value = String(inside.dropFirst(offset + 1))
        guard let keySample = sample(of: key), let valueSample = sample(of: value) else { return nil }
        return "[\(keySample): \(valueSample)]"
      default: break
      }
    }
    return sample(of: inside).map { "[\($0)]" }
  }

  /// Whether text reads as a Swift type name: identifiers joined by `.`, with `[…]`, `<…>`,
  /// `?`, `:` and `,` balanced, such as `Repo`, `[Repo]`, `[String: Int]` or `Result<Int, E>`.
  ///
  /// - Parameter text: The type as given on the command line.
  /// - Returns: `false` for empty text, other characters, or unbalanced brackets.
  package static func isTypeName(_ text: String) -> Bool {
    let type = text.trimmingCharacters(in: .whitespaces)
    guard let first = type.unicodeScalars.first, first == "[" || first == "_" || first.properties.isAlphabetic
    else { return false }
    var stack: [Character] = []
    for character in type {
      switch character {
      case "[", "<": stack.append(character)
      case "]": guard stack.popLast() == "[" else { return false }
      case ">": guard stack.popLast() == "<" else { return false }
      case ".", "?", ":", ",", " ", "_": break
      default: guard character.isASCII, character.isLetter || character.isNumber else { return false }
      }
    }
    return stack.isEmpty
  }

  /// The same action with other samples, such as `viewModel.items[0].id` read from the rows
  /// the tests loaded, in the order of ``parameters``.
  ///
  /// - Parameter samples: One expression per associated value.
  /// - Returns: The signature whose ``sampleValue`` and ``sampleCall`` pass them.
  package func withSamples(_ samples: [String]) -> ActionSignature {
    precondition(samples.count == parameters.count, "one sample per associated value")
    var copy = self
    copy.parameters = zip(parameters, samples).map { Parameter(label: $0.label, type: $0.type, sample: $1) }
    return copy
  }

  /// The names of the method's parameters: the label, else `value` (`value1`, `value2`, ... when
  /// several have none).
  package var parameterNames: [String] {
    let unlabelled = parameters.filter { $0.label == nil }.count
    var index = 0
    return parameters.map { parameter in
      if let label = parameter.label { return label }
      index += 1
      return unlabelled == 1 ? "value" : "value\(index)"
    }
  }

  /// `(a: x, y)`, or nothing for a plain case.
  private func list(_ prefixes: [String], _ values: [String]) -> String {
    parameters.isEmpty ? "" : "(" + zip(prefixes, values).map { $0 + $1 }.joined(separator: ", ") + ")"
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
