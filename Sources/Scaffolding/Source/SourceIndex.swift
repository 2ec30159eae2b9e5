import Foundation

/// What `scaffold` can learn from a package's Swift files without compiling them: where each
/// type is declared, what a view model's initializer takes, which protocol its service is, and
/// which mock conforms to it.
///
/// ```swift
/// let index = SourceIndex(files: [("Sources/App/InboxViewModel.swift", source)])
/// index.file(declaring: "InboxViewModel")               // Sources/App/InboxViewModel.swift
/// index.serviceProtocol(of: "InboxViewModel")           // IssueTracker
/// index.initializer(of: "InboxViewModel")?.map(\.label) // ["service", "repo", "clock"]
/// ```
///
/// It reads declarations as written (`final class InboxViewModel: …`, `let service: any
/// IssueTracker`, `init(service: any IssueTracker, repo: String, clock: any Clock<Duration>)`),
/// not as the compiler would: what it cannot find, the command asks for with an option.
package struct SourceIndex: Sendable {
  /// One parameter of an initializer.
  package struct Parameter: Sendable, Hashable {
    /// The argument label, such as `repo`; `nil` for `_`.
    package var label: String?
    /// The type, such as `any Clock<Duration>`.
    package var type: String
    /// Whether the parameter has a default value (only a clock's is kept; see
    /// ``SourceIndex/initializer(of:)``).
    package var hasDefault: Bool

    /// Creates a parameter.
    ///
    /// - Parameters:
    ///   - label: The argument label; `nil` for `_`.
    ///   - type: The type, as written.
    ///   - hasDefault: Whether it has a default value; `false` by default.
    package init(label: String?, type: String, hasDefault: Bool = false) {
      self.label = label
      self.type = type
      self.hasDefault = hasDefault
    }

    /// Whether the parameter takes a clock: labeled `clock`, or of a type that names `Clock`.
    package var isClock: Bool {
      label == "clock" || type.contains("Clock")
    }
  }

  private let files: [(path: String, text: String)]

  /// Indexes files.
  ///
  /// - Parameter files: Each file's path, as it is to be printed, and its text.
  package init(files: [(path: String, text: String)]) {
    self.files = files.map { ($0.path, SwiftCodeText.code($0.text)) }
  }

  /// The file that declares a type.
  ///
  /// - Parameter name: The type's name.
  /// - Returns: The first file with `enum`, `class`, `struct`, `protocol` or `actor` and the name.
  package func file(declaring name: String) -> String? {
    declaration(of: name)?.path
  }

  /// The protocol of a view model's service: the type of its `service` property.
  ///
  /// - Parameter viewModel: The view model's class.
  /// - Returns: `IssueTracker` for `let service: any IssueTracker`; `nil` when not found.
  package func serviceProtocol(of viewModel: String) -> String? {
    guard let body = declaration(of: viewModel)?.body else { return nil }
    return Self.firstMatch(#"\blet\s+service\s*:\s*(?:any\s+)?([A-Za-z_][A-Za-z0-9_.]*)"#, in: body)
  }

  /// The parameters of a view model's first initializer without a default value, and its clock
  /// even when that has one (`clock: any Clock<Duration> = ContinuousClock()`), so the tests can
  /// pass a test clock.
  ///
  /// - Parameter viewModel: The view model's class.
  /// - Returns: The parameters, in order; `nil` when the class or its initializer is not found.
  package func initializer(of viewModel: String) -> [Parameter]? {
    guard let body = declaration(of: viewModel)?.body,
      let open = body.range(of: #"\binit\s*\("#, options: .regularExpression)
    else { return nil }
    guard let list = Self.balanced(body, from: open.upperBound) else { return nil }
    return Self.splitTopLevel(list).compactMap { item -> Parameter? in
      guard let colon = Self.topLevelColon(item) else { return nil }
      let names = item[..<colon].split(separator: " ").map(String.init)
      var type = String(item[item.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
      let hasDefault = Self.hasTopLevelDefault(type)
      if hasDefault, let equals = Self.topLevelEquals(type) {
        type = String(type[..<equals]).trimmingCharacters(in: .whitespaces)
      }
      type = type.replacingOccurrences(of: "@escaping ", with: "")
      guard let label = names.first else { return nil }
      let parameter = Parameter(label: label == "_" ? nil : label, type: type, hasDefault: hasDefault)
      return !hasDefault || parameter.isClock ? parameter : nil
    }
  }

  /// The lifecycle hooks of `BaseViewModel` a view model overrides, which may change its state on
  /// every run of every action (a toast on each failure), so its exhaustive tests must expect it.
  ///
  /// - Parameter viewModel: The view model's class.
  /// - Returns: The hooks' names, such as `onError`, in the order of ``lifecycleHooks``.
  package func overriddenHooks(of viewModel: String) -> [String] {
    guard let body = declaration(of: viewModel)?.body else { return [] }
    return Self.lifecycleHooks.filter {
      body.range(of: #"\boverride\s+(?:\w+\s+)*func\s+"# + $0 + #"\b"#, options: .regularExpression) != nil
    }
  }

  /// The overridable hooks of `BaseViewModel` that run for every action.
  package static let lifecycleHooks = [
    "onSuccess", "onError", "onStatusUpdate",
  ]

  /// A class in the files that conforms to a protocol, preferring one named `Mock…`.
  ///
  /// - Parameter protocolName: The protocol.
  /// - Returns: The class's name, or `nil`.
  package func mock(conformingTo protocolName: String) -> String? {
    let pattern =
      #"\bclass\s+([A-Za-z_][A-Za-z0-9_]*)\s*:[^{]*\b"# + NSRegularExpression.escapedPattern(for: protocolName) + #"\b"#
    let all = files.compactMap { Self.firstMatch(pattern, in: $0.text) }
    return all.first { $0.hasPrefix("Mock") } ?? all.first
  }

  /// Whether an enum declares a case, alone or in a list (`case load, refresh`).
  ///
  /// - Parameters:
  ///   - name: The case's name.
  ///   - enumName: The enum.
  /// - Returns: `true` when the enum's body (or an extension's) has the case.
  package func declaresCase(_ name: String, in enumName: String) -> Bool {
    bodies(of: enumName).contains { body in
      body.split(separator: "\n").contains { line in
        guard let range = line.range(of: #"^\s*(?:indirect\s+)?case\s+"#, options: .regularExpression) else {
          return false
        }
        return Self.splitTopLevel(String(line[range.upperBound...])).contains {
          $0.prefix { $0.isLetter || $0.isNumber || $0 == "_" } == name
        }
      }
    }
  }

  /// Whether a type, or an extension of it, declares a method or a requirement named `name`.
  ///
  /// - Parameters:
  ///   - name: The method's base name, such as `load`.
  ///   - type: The class, protocol or mock.
  /// - Returns: `true` when a `func name(` is in its body.
  package func declaresMethod(_ name: String, in type: String) -> Bool {
    bodies(of: type).contains { $0.range(of: Self.funcPattern(name), options: .regularExpression) != nil }
  }

  /// Whether a mock declares the `Stub` of a service method: `let <method>Stub`.
  ///
  /// - Parameters:
  ///   - method: The service method.
  ///   - mock: The mock's class.
  /// - Returns: `true` when its body has `let` or `var` `<method>Stub`.
  package func declaresStub(of method: String, in mock: String) -> Bool {
    let pattern = #"\b(?:let|var)\s+"# + NSRegularExpression.escapedPattern(for: method + "Stub") + #"\b"#
    return bodies(of: mock).contains { $0.range(of: pattern, options: .regularExpression) != nil }
  }

  /// Whether a view model's method dispatches with an optimistic change (`optimistic:`), which
  /// its exhaustive tests must expect when the run starts and when a failure rolls it back.
  ///
  /// - Parameters:
  ///   - method: The method's base name.
  ///   - viewModel: The view model's class.
  /// - Returns: `true` when the method's body passes `optimistic:`.
  package func isOptimistic(_ method: String, in viewModel: String) -> Bool {
    for body in bodies(of: viewModel) {
      guard let found = body.range(of: Self.funcPattern(method), options: .regularExpression),
        let open = body[found.upperBound...].firstIndex(of: "{"),
        let code = Self.balanced(body, from: body.index(after: open), open: "{", close: "}")
      else { continue }
      return code.range(of: #"\boptimistic\s*:"#, options: .regularExpression) != nil
    }
    return false
  }

  /// A value a view model already lists, as the tests read it once the set-up has loaded rows:
  /// the first element of a stored `[type]` property (`viewModel.issues[0]`), or the `id` of
  /// the first element of a list whose element declares `id: type` (`viewModel.items[0].id`).
  ///
  /// - Parameters:
  ///   - type: The associated value's type, such as `Int`.
  ///   - viewModel: The view model's class.
  /// - Returns: The expression, or `nil` when no list holds such values.
  package func listedValue(of type: String, in viewModel: String) -> String? {
    guard let body = declaration(of: viewModel)?.body,
      let regex = try? NSRegularExpression(pattern: #"\bvar\s+(\w+)\s*:\s*\[\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\]"#)
    else { return nil }
    let lists = regex.matches(in: body, range: NSRange(body.startIndex..., in: body)).compactMap {
      match -> (name: String, element: String)? in
      guard let name = Range(match.range(at: 1), in: body), let element = Range(match.range(at: 2), in: body)
      else { return nil }
      return (String(body[name]), String(body[element]))
    }
    if let list = lists.first(where: { $0.element == type }) {
      return "viewModel.\(list.name)[0]"
    }
    let idPattern = #"\b(?:let|var)\s+id\s*:\s*"# + NSRegularExpression.escapedPattern(for: type) + #"(?![\w.?])"#
    for list in lists {
      if let element = declaration(of: list.element)?.body,
        element.range(of: idPattern, options: .regularExpression) != nil
      {
        return "viewModel.\(list.name)[0].id"
      }
    }
    return nil
  }

  // MARK: - Internal

  /// The bodies of a type's declaration and of its extensions, in file order.
  private func bodies(of name: String) -> [String] {
    let pattern =
      #"\b(?:enum|class|struct|protocol|actor|extension)\s+"# + NSRegularExpression.escapedPattern(for: name)
      + #"\b[^{]*\{"#
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
    return files.flatMap { file in
      regex.matches(in: file.text, range: NSRange(file.text.startIndex..., in: file.text)).compactMap { match in
        Range(match.range, in: file.text).flatMap {
          Self.balanced(file.text, from: $0.upperBound, open: "{", close: "}")
        }
      }
    }
  }

  /// `func name(` or `func name<`.
  private static func funcPattern(_ name: String) -> String {
    #"\bfunc\s+"# + NSRegularExpression.escapedPattern(for: name) + #"\s*[(<]"#
  }

  private func declaration(of name: String) -> (path: String, body: String)? {
    let pattern =
      #"\b(?:enum|class|struct|protocol|actor)\s+"# + NSRegularExpression.escapedPattern(for: name)
      + #"\b[^{]*\{"#
    for file in files {
      guard let found = file.text.range(of: pattern, options: .regularExpression) else { continue }
      let body = Self.balanced(file.text, from: found.upperBound, open: "{", close: "}") ?? ""
      return (file.path, body)
    }
    return nil
  }

  /// The text from `start` to the bracket that closes the one just before it.
  static func balanced(
    _ text: String, from start: String.Index, open: Character = "(", close: Character = ")"
  )
    -> String?
  {
    var depth = 1
    var index = start
    while index < text.endIndex {
      if text[index] == open { depth += 1 }
      if text[index] == close {
        depth -= 1
        if depth == 0 { return String(text[start..<index]) }
      }
      index = text.index(after: index)
    }
    return nil
  }

  /// Splits at commas outside brackets.
  static func splitTopLevel(_ text: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    for character in text {
      if "([<{".contains(character) { depth += 1 }
      if ")]>}".contains(character) { depth -= 1 }
      if character == ",", depth == 0 {
        parts.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    parts.append(current)
    return parts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
  }

  private static func topLevelColon(_ text: String) -> String.Index? {
    topLevel(":", in: text)
  }

  private static func hasTopLevelDefault(_ type: String) -> Bool {
    topLevelEquals(type) != nil
  }

  private static func topLevelEquals(_ type: String) -> String.Index? {
    topLevel("=", in: type)
  }

  /// The first `character` in `text` outside brackets, parentheses and angle brackets.
  private static func topLevel(_ character: Character, in text: String) -> String.Index? {
    var depth = 0
    for index in text.indices {
      if "([<".contains(text[index]) { depth += 1 }
      if ")]>".contains(text[index]) { depth -= 1 }
      if text[index] == character, depth == 0 { return index }
    }
    return nil
  }

  private static func firstMatch(_ pattern: String, in text: String) -> String? {
    guard let regex = try? NSRegularExpression(pattern: pattern),
      let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
      let range = Range(match.range(at: 1), in: text)
    else { return nil }
    return String(text[range])
  }
}
