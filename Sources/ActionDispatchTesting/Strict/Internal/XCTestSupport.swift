#if canImport(XCTest) && canImport(Testing)
  import ActionDispatch
  import Foundation
  import Testing
  import XCTest

  /// What a ``StrictHarness`` needs of XCTest: the test case running now, to record failures on
  /// it and to finish the harness when it tears down.
  ///
  /// XCTest has no public "current test case", so the first harness made in an XCTest test
  /// registers an `XCTestObservation` observer, once, which notes each test case as it starts.
  /// The observer sees the tests that start after it is registered, so the test that registered
  /// it has no test case: there a harness finishes when it is released, and reports through
  /// `XCTFail(_:file:line:)`, which XCTest records on the running test at the test's own line.
  package enum XCTestSupport {
    /// The observer, once registered, and the test case it last saw start.
    private static let state = LockedState<(observer: TestCaseObserver?, current: TestCaseBox?)>((nil, nil))

    /// Registers the observer if it is not yet.
    package static func observe() {
      let observer = state.withLock { state -> TestCaseObserver? in
        guard state.observer == nil else { return nil }
        state.observer = TestCaseObserver()
        return state.observer
      }
      if let observer { XCTestObservationCenter.shared.addTestObserver(observer) }
    }

    /// The test case running now, if the observer saw it start.
    static var currentTestCase: XCTestCase? {
      observe()
      return state.withLock { $0.current?.testCase }
    }

    /// Forgets the running test case, as if the observer had not seen it start: for the
    /// package's test of what a harness does in the first test of a process.
    package static func forgetCurrentTestCase() {
      setCurrent(nil)
    }

    /// Notes the test case that starts or, with `nil`, that the last one finished.
    fileprivate static func setCurrent(_ testCase: XCTestCase?) {
      state.withLock { $0.current = testCase.map(TestCaseBox.init) }
    }

    /// A reporter that records on the test case running now.
    static func reporter() -> FailureReporter {
      guard let testCase = currentTestCase else {
        return FailureReporter { message, site in
          XCTFail(message, file: site.filePath, line: site.line)
        }
      }
      return reporter(for: TestCaseBox(testCase: testCase))
    }

    /// A reporter that records on `box`'s test case, at the call site it is given.
    static func reporter(for box: TestCaseBox) -> FailureReporter {
      FailureReporter { message, site in
        #if canImport(Darwin)
          box.testCase.record(
            XCTIssue(
              type: .assertionFailure, compactDescription: message,
              sourceCodeContext: XCTSourceCodeContext(
                location: XCTSourceCodeLocation(filePath: "\(site.filePath)", lineNumber: Int(site.line)))))
        #else
          box.testCase.recordFailure(
            withDescription: message, inFile: "\(site.filePath)", atLine: Int(site.line), expected: true)
        #endif
      }
    }

    /// Calls `finish` when the running test case tears down; `false` when no test case is known.
    static func finishAtTeardown(_ finish: @escaping @MainActor @Sendable () -> Void) -> Bool {
      guard let testCase = currentTestCase else { return false }
      let block: @Sendable () async throws -> Void = { @MainActor in finish() }
      testCase.addTeardownBlock(block)
      return true
    }
  }

  /// An XCTest test case, handed between threads: XCTest runs one test case at a time and
  /// records failures from any thread.
  struct TestCaseBox: @unchecked Sendable {
    let testCase: XCTestCase
  }

  /// Notes each test case as it starts, and forgets it when it finishes.
  ///
  /// `@unchecked Sendable` because `XCTestObservation` is not: it holds no state of its own, and
  /// what it writes is behind `XCTestSupport`'s lock.
  private final class TestCaseObserver: NSObject, XCTestObservation, @unchecked Sendable {
    func testCaseWillStart(_ testCase: XCTestCase) {
      XCTestSupport.setCurrent(testCase)
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
      XCTestSupport.setCurrent(nil)
    }
  }
#endif
