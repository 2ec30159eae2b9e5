/// What `action-dispatch scaffold view-model` generates: a new view model with one action,
/// its mock service and its tests.
///
/// ```swift
/// let scaffold = try ViewModelScaffold(viewModel: "ProfileViewModel", module: "MyApp")
/// scaffold.files.map(\.fileName)
/// // ["ProfileViewModel.swift", "MockProfileService.swift", "ProfileViewModelTests.swift"]
/// ```
///
/// The view model file holds the action enum, the service protocol and the `@Observable`
/// class; it belongs in the app target, the other two in the test target. Everything compiles
/// and the three tests pass as generated.
package struct ViewModelScaffold: Sendable, Hashable {
  /// The one action the new view model starts with.
  package static let firstAction = "load"

  /// The view model's name and the names derived from it.
  package let names: ViewModelNames
  /// The module the test files import.
  package let module: String
  /// The test library the tests are written for.
  package let framework: TestFramework

  /// Validates the names and derives the rest.
  ///
  /// - Parameters:
  ///   - viewModel: The new view model's class name, such as `ProfileViewModel`.
  ///   - module: The module that will define it; the view model's base name by default.
  ///   - framework: The test library of its tests; Swift Testing by default.
  /// - Throws: ``InvalidNameError`` for the first name that is not a valid Swift identifier.
  package init(
    viewModel: String, module: String? = nil, framework: TestFramework = .swiftTesting
  ) throws(InvalidNameError) {
    let names = try ViewModelNames(viewModel: viewModel)
    if let module {
      try SwiftIdentifier.validate(module, as: .module)
    }
    self.names = names
    self.module = module ?? names.base
    self.framework = framework
  }

  /// The files: the view model, its mock service, its tests.
  package var files: [ScaffoldFile] {
    let action = Self.firstAction
    let values = [
      "ViewModel": names.viewModel, "ActionEnum": names.actionEnum, "ServiceProtocol": names.serviceProtocol,
      "MockService": names.mockService, "module": module, "action": action,
    ]
    var testValues = ActionTestValues.defaults(for: action, names: names, framework: framework)
    // The new view model keeps what load returned, the stub's "", in `value`.
    testValues.successChanges = "harness.expect(.set(\\.value, to: \"\"), .stoppedLoading(.\(action)))"
    let tests = TestFile(
      module: module, suiteName: names.viewModel + "Tests", actions: [testValues], framework: framework)
    return [
      ScaffoldFile(
        fileName: names.viewModel + ".swift", target: .app,
        contents: EmbeddedTemplates.viewModel.renderChecked(values)),
      ScaffoldFile(
        fileName: names.mockService + ".swift", target: .tests,
        contents: EmbeddedTemplates.mockService.renderChecked(values)),
      ScaffoldFile(fileName: tests.suiteName + ".swift", target: .tests, contents: tests.render()),
    ]
  }

  /// What `scaffold view-model` prints without `--output`: each file after its header.
  package var listing: String {
    files.map(\.listing).joined(separator: "\n")
  }
}
