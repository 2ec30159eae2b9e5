/// The test library generated tests are written for: Swift Testing (the default) or XCTest
/// (`scaffold --xctest`).
///
/// ```swift
/// let file = TestFile(module: "MyApp", suiteName: "ProfileViewModelTests", actions: actions, framework: .xctest)
/// print(file.render())   // import XCTest ... final class ProfileViewModelTests: XCTestCase { ... }
/// ```
///
/// Both are strict the same way: each test goes through an exhaustive `StrictHarness` on the
/// serial executor — a `@Suite(.serialExecutor, .strict(.exhaustive))` in Swift Testing, each
/// test inside `withSerialExecutor` in XCTest, where the harness finishes at the test case's
/// tear-down.
package enum TestFramework: Sendable, Hashable {
  /// Swift Testing: `@Test func loadSuccess()`, `#expect`.
  case swiftTesting
  /// XCTest: `func testLoadSuccess()` in an `XCTestCase`, `XCTAssertEqual`.
  case xctest

  /// `left == right`, asserted the way this library does.
  ///
  /// - Parameters:
  ///   - left: An expression.
  ///   - right: The expression it must equal.
  /// - Returns: `#expect(left == right)` or `XCTAssertEqual(left, right)`.
  package func expectEqual(_ left: String, _ right: String) -> String {
    switch self {
    case .swiftTesting: "#expect(\(left) == \(right))"
    case .xctest: "XCTAssertEqual(\(left), \(right))"
    }
  }
}
