/// One of the four edits `scaffold action` prints for a new action, each printed only when the
/// package does not have it yet (``ViewModelFacts/existingEdits``).
///
/// ```swift
/// var facts = ViewModelFacts()
/// facts.existingEdits = [.enumCase, .method, .requirement, .mockStub]  // `load` is already there
/// let scaffold = try ActionScaffold(action: "load", viewModel: "InboxViewModel", facts: facts)
/// scaffold.pasteText   // "": nothing to add, the tests compile as they are
/// ```
package enum ActionEdit: Sendable, Hashable, CaseIterable {
  /// The action's case in the action enum: `// Add to the enum …`.
  case enumCase
  /// The view model's method: `// Add to the class …`.
  case method
  /// The service protocol's requirement: `// Add to the protocol …`.
  case requirement
  /// The mock's `Stub` and method: `// Add to the mock …`.
  case mockStub

  /// The edit a printed `// Add to the <kind> …` line starts.
  ///
  /// - Parameter line: A line of the printed edits.
  /// - Returns: The edit, or `nil` for a line that starts none.
  static func started(by line: Substring) -> ActionEdit? {
    let kinds: [(String, ActionEdit)] = [
      ("enum", .enumCase), ("class", .method), ("protocol", .requirement), ("mock", .mockStub),
    ]
    return kinds.first { line.hasPrefix("// Add to the \($0.0) ") }?.1
  }
}
