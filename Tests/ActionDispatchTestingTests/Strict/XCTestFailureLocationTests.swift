#if canImport(XCTest)
  import ActionDispatch
  import ActionDispatchTesting
  import XCTest

  /// In XCTest, a failure of the testing library is recorded at the test's own line, in every
  /// test case of a process, the first included (where no test case is known yet, so the failure
  /// goes through `XCTFail`): a strict-harness failure, a bounded wait that expired, a misuse of
  /// `TestClock`.
  ///
  /// The test case captures its own failures (XCTest on Linux has no `XCTExpectFailure`) and
  /// checks the file and line XCTest was given.
  final class XCTestFailureLocationTests: XCTestCase {
    /// The failures recorded while capturing, with where XCTest was told they happened.
    private var captured: [(description: String, file: String, line: Int)] = []
    private var isCapturing = false

    override class func setUp() {
      super.setUp()
      // Sees this class's tests start, so "a known test case" is known.
      XCTestSupport.observe()
    }

    #if canImport(Darwin)
      override func record(_ issue: XCTIssue) {
        guard isCapturing else { return super.record(issue) }
        let location = issue.sourceCodeContext.location
        captured.append((issue.compactDescription, location?.fileURL.path ?? "", location?.lineNumber ?? 0))
      }
    #else
      override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
      ) {
        guard isCapturing else {
          return super.recordFailure(
            withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured.append((description, filePath, lineNumber))
      }
    #endif

    @MainActor func testAHarnessFailureWithNoKnownTestCaseIsRecordedAtTheExpectLine() async {
      XCTestSupport.forgetCurrentTestCase()
      await checkAHarnessFailureIsRecordedAtTheExpectLine()
    }

    @MainActor func testAHarnessFailureInAKnownTestCaseIsRecordedAtTheExpectLine() async {
      await checkAHarnessFailureIsRecordedAtTheExpectLine()
    }

    @MainActor func testWorkLeftRunningWithNoKnownTestCaseIsRecordedAtTheSend() async {
      XCTestSupport.forgetCurrentTestCase()
      let (service, gate) = StrictWorkTests.serviceWhoseRefreshWaits()
      var harness: StrictHarness? = StrictHarness(LiveFeedViewModel(service: service), strictness: .workMustEnd)
      let line = #line + 1
      let run = harness?.send { $0.refresh() }
      await gate.arrivals(1)
      isCapturing = true
      harness = nil  // the first test of a process: the harness finishes where the test lets it go
      isCapturing = false
      checkOneFailure(containing: "The test ended with .refresh still running", at: line)
      gate.open()
      await run?.value
    }

    @MainActor func testABoundedWaitThatExpiredWithNoKnownTestCaseIsRecordedAtTheWait() async {
      XCTestSupport.forgetCurrentTestCase()
      let gate = Gate()
      isCapturing = true
      let line = #line + 1
      await gate.arrivals(1, limit: .milliseconds(1))
      isCapturing = false
      checkOneFailure(containing: "for 1 arrival(s) at the gate", at: line)
    }

    @MainActor func testAMisusedTestClockWithNoKnownTestCaseIsRecordedAtTheCall() async {
      XCTestSupport.forgetCurrentTestCase()
      isCapturing = true
      let line = #line + 1
      let clock = TestClock(settlingRounds: 0)
      await clock.advance(by: .seconds(-1))
      isCapturing = false
      XCTAssertEqual(captured.count, 2, "\(captured)")
      XCTAssertEqual(captured.map(\.line), [line, line + 1])
      XCTAssertEqual(captured.map(\.file), [#filePath, #filePath])
    }

    @MainActor private func checkAHarnessFailureIsRecordedAtTheExpectLine() async {
      let service = MockLiveFeedService()
      service.refreshStub.succeed(with: ["a"])
      let harness = StrictHarness(LiveFeedViewModel(service: service))
      await harness.send { await $0.refresh().value }
      harness.expect(.startedLoading(.refresh))
      isCapturing = true
      let line = #line + 1
      harness.expect(.stoppedLoading(.refresh))
      isCapturing = false
      checkOneFailure(containing: "expect does not match the changes", at: line)
    }

    /// Fails unless exactly one failure was captured, containing `text`, at `line` of this file.
    private func checkOneFailure(
      containing text: String, at line: Int, filePath: String = #filePath, callerLine: UInt = #line
    ) {
      XCTAssertEqual(captured.count, 1, "\(captured)", line: callerLine)
      XCTAssertTrue(captured.first?.description.contains(text) == true, "\(captured)", line: callerLine)
      XCTAssertEqual(captured.first?.line, line, line: callerLine)
      XCTAssertEqual(captured.first?.file, filePath, line: callerLine)
      captured.removeAll()
    }
  }
#endif
