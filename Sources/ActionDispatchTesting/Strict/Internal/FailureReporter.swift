#if canImport(Testing)
  import Testing

  /// Where a test's failures go: Swift Testing's `Issue.record` in a Swift Testing test, the
  /// running `XCTestCase` in an XCTest one.
  ///
  /// A ``StrictHarness`` takes the reporter of the test that made it, so that its checks at the
  /// test's end reach that test; the waiting helpers take the one of the test waiting. The
  /// package's own tests hand a harness a reporter that collects the messages instead.
  package struct FailureReporter: Sendable {
    /// Records one failure: its message, and where in the test it points.
    package let record: @Sendable (_ message: String, _ location: SourceLocation) -> Void

    /// Creates a reporter.
    ///
    /// - Parameter record: Records one failure at a location.
    package init(_ record: @escaping @Sendable (_ message: String, _ location: SourceLocation) -> Void) {
      self.record = record
    }

    /// Swift Testing's: an issue of the current test, whose headline is the message's first
    /// line (`2 changes not asserted after send at InboxTests.swift:14`) rather than Swift
    /// Testing's "Issue recorded", with the rest of the message (the diff) below it.
    static let swiftTesting = FailureReporter { message, location in
      let lines = message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
      let detail = lines.count > 1 ? Comment(rawValue: String(lines[1])) : nil
      Issue.record(StrictTestFailure(headline: String(lines.first ?? "")), detail, sourceLocation: location)
    }

    /// Which framework runs the test in this task: Swift Testing when it knows a current test,
    /// else XCTest (where XCTest is), else Swift Testing.
    static var current: FailureReporter {
      if Test.current != nil { return .swiftTesting }
      #if canImport(XCTest)
        return XCTestSupport.reporter()
      #else
        return .swiftTesting
      #endif
    }
  }

  /// A failure the testing library found, recorded as an error so that Swift Testing shows its
  /// headline on the line that names the test.
  struct StrictTestFailure: Error, CustomStringConvertible {
    /// What went wrong, in one line.
    let headline: String
    var description: String { headline }
  }
#endif
