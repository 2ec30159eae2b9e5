/// A whole test file: `Templates/TestSuite.swift.template` around the tests of some actions, or
/// `Templates/TestSuiteXCTest.swift.template` for XCTest.
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
/// With ``TestFramework/xctest`` the file is an `XCTestCase` whose tests each run inside
/// `withSerialExecutor`.
package struct TestFile: Sendable, Hashable {
  /// The module that defines the view model, imported by the file.
  package var module: String
  /// The suite's type name, such as `ProfileViewModelTests`.
  package var suiteName: String
  /// The actions, in order; each gets its three tests.
  package var actions: [ActionTestValues]
  /// The test library the file is written for.
  package var framework: TestFramework

  /// Creates a test file.
  ///
  /// - Parameters:
  ///   - module: The module that defines the view model.
  ///   - suiteName: The suite's type name.
  ///   - actions: The actions whose tests the suite holds, in order.
  ///   - framework: The test library; Swift Testing by default.
  package init(
    module: String, suiteName: String, actions: [ActionTestValues], framework: TestFramework = .swiftTesting
  ) {
    self.module = module
    self.suiteName = suiteName
    self.actions = actions
    self.framework = framework
  }

  /// The file's text: imports, the `@MainActor @Suite` (or the `XCTestCase`) and each action's
  /// tests, a blank line between actions.
  ///
  /// - Returns: The Swift source, ending with a newline.
  package func render() -> String {
    let tests = actions.map { $0.render(for: framework).droppingFinalNewline }.joined(separator: "\n\n")
    let suite = framework == .xctest ? EmbeddedTemplates.testSuiteXCTest : EmbeddedTemplates.testSuite
    return suite.renderChecked(["module": module, "Suite": suiteName, "tests": tests])
  }
}

extension String {
  /// The string without one trailing newline.
  var droppingFinalNewline: String {
    hasSuffix("\n") ? String(dropLast()) : self
  }
}
