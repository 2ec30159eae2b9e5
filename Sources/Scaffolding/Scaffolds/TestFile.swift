/// A whole test file: `Templates/TestSuite.swift.template` around the tests of some actions.
///
/// ```swift
/// let names = try ViewModelNames(viewModel: "ProfileViewModel")
/// let file = TestFile(
///   module: "MyApp", suiteName: "ProfileViewModelTests",
///   actions: [.defaults(for: "load", names: names), .defaults(for: "save", names: names)])
/// print(file.render())   // import ... @MainActor @Suite struct ProfileViewModelTests { ... }
/// ```
///
/// `Tests/GitHubFollowersTests/FollowersViewModelTests.swift` is such a file, byte for byte.
package struct TestFile: Sendable, Hashable {
  /// The module that defines the view model, imported by the file.
  package var module: String
  /// The suite's type name, such as `ProfileViewModelTests`.
  package var suiteName: String
  /// The actions, in order; each gets its three tests.
  package var actions: [ActionTestValues]

  /// Creates a test file.
  ///
  /// - Parameters:
  ///   - module: The module that defines the view model.
  ///   - suiteName: The suite's type name.
  ///   - actions: The actions whose tests the suite holds, in order.
  package init(module: String, suiteName: String, actions: [ActionTestValues]) {
    self.module = module
    self.suiteName = suiteName
    self.actions = actions
  }

  /// The file's text: imports, the `@MainActor @Suite` and each action's tests, a blank line
  /// between actions.
  ///
  /// - Returns: The Swift source, ending with a newline.
  package func render() -> String {
    let tests = actions.map { $0.render().droppingFinalNewline }.joined(separator: "\n\n")
    return EmbeddedTemplates.testSuite.renderChecked(["module": module, "Suite": suiteName, "tests": tests])
  }
}

extension String {
  /// The string without one trailing newline.
  var droppingFinalNewline: String {
    hasSuffix("\n") ? String(dropLast()) : self
  }
}
