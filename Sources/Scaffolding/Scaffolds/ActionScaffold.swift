import Foundation

/// What `action-dispatch scaffold action` generates for one new action of a view model: a test
/// file with its three tests, and the enum case and method stub to paste into the view model.
///
/// ```swift
/// let scaffold = try ActionScaffold(action: "unfollow", viewModel: "FollowerListViewModel", module: "ConsumerApp")
/// scaffold.testFile.fileName   // FollowerListViewModelUnfollowTests.swift
/// print(scaffold.testFile.contents)
/// print(scaffold.pasteText)    // case unfollow ... public func unfollow() -> Task<Void, Never> { ... }
/// ```
///
/// ``pasteText`` holds every edit the action needs — the enum case, the method, the service
/// requirement and the mock's `Stub` and method — so the tests compile once they are pasted,
/// provided the view model keeps its service in `let service` (see `Templates/README.md`). The
/// method's one service call is marked `FILL IN`.
package struct ActionScaffold: Sendable, Hashable {
  /// The action's enum case and method name.
  package let action: String
  /// The action with its associated values, if it has any.
  package let signature: ActionSignature
  /// The view model's name and the names derived from it.
  package let names: ViewModelNames
  /// The module the tests import.
  package let module: String
  /// For a streaming action, the type of its elements, such as `String`; `nil` otherwise.
  package let streamElement: String?

  /// Validates the names and derives the rest.
  ///
  /// - Parameters:
  ///   - action: The new action, such as `unfollow`, or with associated values, such as
  ///     `delete(Int)` (see ``ActionSignature``).
  ///   - viewModel: The view model's class name.
  ///   - mockService: The mock service's class name; `Mock<base>Service` by default.
  ///   - module: The module that defines the view model; the view model's base name by default.
  ///   - streamElement: For a streaming action (`scaffold action --stream`), the type of its
  ///     elements; `nil` (the default) for an action that returns one value.
  /// - Throws: ``InvalidNameError`` for the first name that is not a valid Swift identifier, or
  ///   ``UnsupportedActionError`` for associated values or elements scaffold cannot write tests for.
  package init(
    action: String,
    viewModel: String,
    mockService: String? = nil,
    module: String? = nil,
    streamElement: String? = nil
  ) throws {
    let signature = try ActionSignature(parsing: action)
    let names = try ViewModelNames(viewModel: viewModel, mockService: mockService)
    if let module {
      try SwiftIdentifier.validate(module, as: .module)
    }
    self.action = signature.name
    self.signature = signature
    self.names = names
    self.module = module ?? names.base
    if let streamElement {
      _ = try ActionTestValues.streaming(signature, element: streamElement, names: names)
    }
    self.streamElement = streamElement?.trimmingCharacters(in: .whitespaces)
  }

  /// The suite's name: the view model's, the action's capitalized, then `Tests`, such as
  /// `FollowerListViewModelUnfollowTests`, so it never clashes with an existing suite.
  package var suiteName: String {
    names.viewModel + action.prefix(1).uppercased() + action.dropFirst() + "Tests"
  }

  /// The values of the three tests: ``ActionTestValues/defaults(for:names:)-(ActionSignature,_)``,
  /// or ``ActionTestValues/streaming(_:element:names:)`` for a streaming action.
  package var testValues: ActionTestValues {
    if let streamElement, let values = try? ActionTestValues.streaming(signature, element: streamElement, names: names)
    {
      return values
    }
    return .defaults(for: signature, names: names)
  }

  /// The test file: `<suiteName>.swift`, for the test target.
  package var testFile: ScaffoldFile {
    let contents = TestFile(module: module, suiteName: suiteName, actions: [testValues]).render()
    return ScaffoldFile(fileName: suiteName + ".swift", target: .tests, contents: contents)
  }

  /// Every edit the new action needs, each after a comment that says where it goes: the enum
  /// case, the view model's method (its one service call marked `FILL IN`), the service
  /// protocol's requirement, and the mock's `Stub` and method. With them, the tests compile.
  package var pasteText: String {
    (streamElement == nil ? EmbeddedTemplates.viewModelMethod : EmbeddedTemplates.viewModelStreamMethod)
      .renderChecked([
        "action": action, "ActionEnum": names.actionEnum, "ViewModel": names.viewModel,
        "caseDeclaration": signature.caseDeclaration, "parameters": signature.methodParameters,
        "actionValue": signature.valueFromParameters, "arguments": signature.argumentsFromParameters,
        "Element": streamElement ?? "", "ServiceProtocol": names.serviceProtocol, "MockService": names.mockService,
        "StubInput": signature.stubInput, "stubArguments": signature.stubArguments,
      ])
  }

  /// What `scaffold action` prints without `--output`: the test file, then the text to paste.
  package var listing: String {
    testFile.listing + "\n" + pasteText
  }
}
