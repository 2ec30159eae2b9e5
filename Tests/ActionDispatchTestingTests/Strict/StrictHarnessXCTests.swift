#if canImport(XCTest)
  import ActionDispatch
  import ActionDispatchTesting
  import XCTest

  /// Issue 39, item 3: in an XCTestCase the harness is exhaustive by default, finishes itself
  /// when the test case tears down, and reports there at the `send` that caused each failure.
  ///
  /// XCTest has no `XCTExpectFailure` on Linux, so these harnesses report to a collector (the
  /// reporter seam); a teardown block added before the harness runs after its own, and checks
  /// what it recorded. The ConsumerApp's strict XCTest suite shows the passing side.
  final class StrictHarnessXCTests: XCTestCase {
    override class func setUp() {
      super.setUp()
      // Sees this class's tests start, so that even the first finishes at its teardown.
      XCTestSupport.observe()
    }

    @MainActor func testWorkLeftRunningIsReportedAtTheSendWhenTheTestCaseTearsDown() async {
      let recorded = RecordedFailures()
      let (service, gate) = StrictWorkTests.serviceWhoseRefreshWaits()
      let send: UInt = #line + 1
      addTeardownBlock {
        Self.check(recorded, contains: "The test ended with .refresh still running: run 1", at: send)
      }
      let harness = StrictHarness(LiveFeedViewModel(service: service), reporter: recorded.reporter)
      harness.send(line: send) { $0.refresh() }
      await gate.arrivals(1)
      XCTAssertEqual(harness.strictness, .exhaustive)
      harness.expect(.startedLoading(.refresh))
      XCTAssertTrue(recorded.failures.isEmpty, "nothing is reported before the teardown")
    }

    @MainActor func testAnUnassertedChangeIsReportedAtTheSendWhenTheTestCaseTearsDown() async {
      let recorded = RecordedFailures()
      let service = MockLiveFeedService()
      service.refreshStub.succeed(with: ["a"])
      let send: UInt = #line + 1
      addTeardownBlock {
        Self.check(
          recorded, contains: "2 changes not asserted after send at StrictHarnessXCTests.swift:\(send)", at: send)
      }
      let harness = StrictHarness(LiveFeedViewModel(service: service), reporter: recorded.reporter)
      await harness.send(line: send) { await $0.refresh().value }
      harness.expect(.startedLoading(.refresh))
    }

    @MainActor func testATestThatAssertsEverythingReportsNothing() async {
      let recorded = RecordedFailures()
      let service = MockLiveFeedService()
      service.refreshStub.succeed(with: ["a"])
      addTeardownBlock { XCTAssertEqual(recorded.messages, []) }
      let harness = StrictHarness(LiveFeedViewModel(service: service), reporter: recorded.reporter)
      await harness.send { await $0.refresh().value }
      harness.expect(.startedLoading(.refresh))
      harness.expect(.set(\.messages, to: ["a"]), .stoppedLoading(.refresh))
    }

    /// The first test of a process that makes a harness has no known test case (the observer
    /// sees only tests that start after it is registered): its harness finishes when released.
    @MainActor func testWithoutAKnownTestCaseTheHarnessFinishesWhenReleased() async {
      XCTestSupport.forgetCurrentTestCase()
      let recorded = RecordedFailures()
      let service = MockLiveFeedService()
      service.refreshStub.succeed(with: ["a"])
      let send: UInt = #line + 1
      await Self.refreshWithoutAsserting(service, reportingTo: recorded, at: send)
      Self.check(recorded, contains: "3 changes not asserted after send at StrictHarnessXCTests.swift:", at: send)
    }

    /// Makes a harness, refreshes through it, asserts nothing, and lets the harness go.
    @MainActor private static func refreshWithoutAsserting(
      _ service: MockLiveFeedService, reportingTo recorded: RecordedFailures, at send: UInt
    ) async {
      let harness = StrictHarness(LiveFeedViewModel(service: service), reporter: recorded.reporter)
      await harness.send(line: send) { await $0.refresh().value }
    }

    /// Fails unless exactly one failure was recorded, containing `text`, at `line` of this file.
    private static func check(
      _ recorded: RecordedFailures, contains text: String, at line: UInt, filePath: StaticString = #filePath
    ) {
      let messages = recorded.messages
      XCTAssertEqual(messages.count, 1, "\(messages)")
      XCTAssertTrue(messages.first?.contains(text) == true, messages.first ?? "no failure")
      XCTAssertEqual(recorded.sites.first?.line, line)
      XCTAssertEqual(recorded.sites.first.map { "\($0.filePath)" }, "\(filePath)")
    }
  }
#endif
