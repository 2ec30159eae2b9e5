/// A text with `{{name}}` placeholders, rendered by giving every placeholder a value.
///
/// Rendering follows three rules, so that a template stays readable as plain Swift:
///
/// - `{{name}}` is replaced by its value; a name is a letter or `_`, then letters, digits and `_`.
/// - A placeholder alone on its line (spaces around it allowed) whose value is empty removes
///   the whole line, newline included.
/// - Each line of a multi-line value after the first is indented to the placeholder's column;
///   empty lines of the value stay empty.
///
/// ```swift
/// let template = Template(name: "example", text: "  let x = 1\n  {{extra}}\n  {{body}}\n")
/// let text = try template.render(["extra": "", "body": "print(x)\nprint(x + 1)"])
/// // "  let x = 1\n  print(x)\n  print(x + 1)\n"
/// ```
///
/// > Important: Every placeholder needs a value, even an empty one: one without a value is an
/// > error, never left in the output.
package struct Template: Sendable, Hashable {
  /// The template's name, such as its file name; errors name the template by it.
  package let name: String
  /// The text, with its placeholders.
  package let text: String

  /// Creates a template.
  ///
  /// - Parameters:
  ///   - name: What errors call the template, such as `ActionTests.swift.template`.
  ///   - text: The text, with `{{name}}` placeholders.
  package init(name: String, text: String) {
    self.name = name
    self.text = text
  }

  /// The names of the template's placeholders, in order of first appearance, each once.
  package var placeholders: [String] {
    var seen: Set<String> = []
    var names: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      for case .placeholder(let name) in PlaceholderScanner.segments(of: line) where seen.insert(name).inserted {
        names.append(name)
      }
    }
    return names
  }

  /// The text with every placeholder replaced by its value.
  ///
  /// - Parameter values: A value for each placeholder; values for names the template does not
  ///   use are ignored.
  /// - Returns: The rendered text.
  /// - Throws: ``TemplateError`` naming every placeholder that has no value.
  package func render(_ values: [String: String]) throws(TemplateError) -> String {
    var missing: [String] = []
    var output: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let segments = PlaceholderScanner.segments(of: line)
      if case .some(let name) = Self.loneName(in: segments), values[name]?.isEmpty == true {
        continue
      }
      var rendered = ""
      for segment in segments {
        switch segment {
        case .text(let text):
          rendered += text
        case .placeholder(let name):
          guard let value = values[name] else {
            if !missing.contains(name) { missing.append(name) }
            continue
          }
          rendered += Self.indent(value, toColumnOf: rendered)
        }
      }
      output.append(rendered)
    }
    if !missing.isEmpty {
      throw TemplateError(templateName: name, missingPlaceholders: missing)
    }
    return output.joined(separator: "\n")
  }

  /// The placeholder's name when a line holds one placeholder and only spaces besides.
  private static func loneName(in segments: [PlaceholderScanner.Segment]) -> String? {
    var name: String?
    for segment in segments {
      switch segment {
      case .text(let text) where text.allSatisfy({ $0 == " " || $0 == "\t" }):
        continue
      case .placeholder(let found) where name == nil:
        name = found
      default:
        return nil
      }
    }
    return name
  }

  /// `value` with its second and later lines indented like the text before the placeholder.
  ///
  /// The indentation is that text itself when it is all spaces and tabs, else as many spaces
  /// as it has characters; empty lines are not indented.
  private static func indent(_ value: String, toColumnOf rendered: String) -> String {
    guard value.contains("\n") else { return value }
    let lineSoFar = rendered.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
    let indentation =
      lineSoFar.allSatisfy { $0 == " " || $0 == "\t" }
      ? String(lineSoFar) : String(repeating: " ", count: lineSoFar.count)
    let lines = value.split(separator: "\n", omittingEmptySubsequences: false)
    return ([String(lines[0])] + lines.dropFirst().map { $0.isEmpty ? "" : indentation + $0 })
      .joined(separator: "\n")
  }
}
