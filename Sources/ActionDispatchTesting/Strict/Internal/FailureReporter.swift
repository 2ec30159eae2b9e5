#if canImport(Testing)
  import Testing

  /// Where a test's failures go: Swift Testing's `Issue.record` in a Swift Testing test, the
  /// running `XCTestCase` in an XCTest one.
  ///
  /// A ``StrictHarness`` takes the reporter of the test that made it, so that its checks at the
  /// test's end reach that test; the waiting helpers take the one of the test waiting. The
  /// package's own tests hand a harness a reporter that collects the messages instead.
  package struct FailureReporter: Sendable {
    /// Records one failure: its message, and the line of the test it points to.
    package let record: @Sendable (_ message: String, _ site: CallSite) -> Void

    /// Creates a reporter.
    ///
    /// - Parameter record: Records one failure at a call site.
    package init(_ record: @escaping @Sendable (_ message: String, _ site: CallSite) -> Void) {
      self.record = record
    }

    /// Swift Testing's: an issue of the current test at the call site.
    static let swiftTesting = FailureReporter { message, site in
      recordInSwiftTesting(message, at: site.sourceLocation)
    }

    /// Records `message` as an issue of the current Swift Testing test, at `location`.
    ///
    /// The issue's comment is the whole message, its first line the headline (`2 changes not
    /// asserted after send at InboxTests.swift:14`) and the rest (the diff) below it. It is
    /// recorded as an issue, not as an error, so it never reads "Caught error: …" as though
    /// the test threw.
    ///
    /// - Parameters:
    ///   - message: What went wrong; the first line says it in one line.
    ///   - location: The line of the test the failure points to.
    static func recordInSwiftTesting(_ message: String, at location: SourceLocation) {
      Issue.record(Comment(rawValue: message), sourceLocation: location)
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
#endif
