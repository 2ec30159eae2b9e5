import ActionDispatchTesting
import XCTest

@testable import ConsumerApp

// An XCTest file that imports only XCTest, ActionDispatchTesting and the app: the app's `Issue`,
// `Tag` and `Confirmation` are named unqualified (ActionDispatchTesting does not re-export
// Swift Testing), beside the harness, the clock, a gate and the stubs.
final class IssueInboxXCTests: XCTestCase {
  let bug = Tag("bug")
  lazy var crash = Issue(id: 1, title: "Crash on launch", tags: [bug])
  let typo = Issue(id: 2, title: "Typo in README")

  @MainActor func testLoadShowsTheIssuesAndTheirTags() async {
    await withSerialExecutor {
      let service = MockIssueInboxService()
      service.issuesStub.succeed(with: [crash, typo])
      let harness = StrictHarness(IssueInboxViewModel(service: service, clock: TestClock()))

      let run = harness.send { $0.load() }
      harness.expect(.startedLoading(.load))
      await run.value
      harness.expect(.set(\.issues, to: [crash, typo]), .stoppedLoading(.load))
      XCTAssertEqual(harness.viewModel.issues(taggedWith: bug), [crash])
    }
  }

  @MainActor func testADoubleTapOnCloseSendsOneRequestAfterTheQuietPeriod() async {
    await withSerialExecutor {
      let service = MockIssueInboxService()
      service.issuesStub.succeed(with: [crash, typo])
      let confirmation = Confirmation(issueID: 1, closedBy: "mona")
      service.closeStub.succeed(with: confirmation)
      let clock = TestClock()
      let harness = StrictHarness(IssueInboxViewModel(service: service, clock: clock))
      await harness.send { await $0.load().value }
      harness.expect(.startedLoading(.load))
      harness.expect(.set(\.issues, to: [crash, typo]), .stoppedLoading(.load))

      let runs = harness.send { [crash] viewModel in [viewModel.close(crash), viewModel.close(crash)] }
      harness.expect(.startedLoading(.close))
      await clock.waitForSleepers(1)
      await clock.advance(by: .milliseconds(300))
      for run in runs { await run.value }
      harness.expect(
        .set(\.lastConfirmation, to: confirmation), .set(\.issues, to: [typo]), .stoppedLoading(.close))
      XCTAssertEqual(service.closeStub.calls, [1])
    }
  }

  @MainActor func testACloseInFlightShowsLoadingUntilTheServerAnswers() async {
    await withSerialExecutor {
      let gate = Gate()
      let service = MockIssueInboxService()
      service.closeStub.handle { issueID in
        try await gate.pass()
        return Confirmation(issueID: issueID, closedBy: "mona")
      }
      let clock = TestClock()
      let harness = StrictHarness(IssueInboxViewModel(service: service, clock: clock))

      let run = harness.send { [typo] in $0.close(typo) }
      harness.expect(.startedLoading(.close))
      await clock.advance(by: .milliseconds(300))
      await gate.arrivals(1)
      XCTAssertTrue(harness.viewModel.isLoading(for: .close))
      gate.open()
      await run.value
      harness.expect(
        .set(\.lastConfirmation, to: Confirmation(issueID: 2, closedBy: "mona")), .stoppedLoading(.close))
    }
  }

  @MainActor func testEveryOtherHelperIsAtHandWithXCTestAlone() async throws {
    try await withSerialExecutor {
      let service = MockIssueInboxService()
      service.issuesStub.fail(with: StubError("offline"))
      let viewModel = IssueInboxViewModel(service: service, clock: ImmediateClock())
      let recorder = EventRecorder(viewModel)
      let harness = StrictHarness(viewModel, strictness: .exhaustive)

      try await harness.send { $0.load() }.value(within: WaitTimeoutError.defaultLimit)
      harness.skipChanges()
      try await viewModel.waitUntilIdle(.load)
      XCTAssertEqual(recorder.events, [.started(.load), .failed(.load)])

      let gate = Gate()
      service.closeStub.handle { issueID in
        try await gate.pass()
        return Confirmation(issueID: issueID, closedBy: "mona")
      }
      harness.send { [typo] in $0.close(typo) }
      await gate.arrivals(1)
      harness.skipChanges()
      harness.expectStillRunning(.close)
      harness.finish()  // cancels the close left running, as expected
      XCTAssertFalse(viewModel.isLoading(for: .close))

      let feed = StreamStub<Tag, Issue>()
      let stream = feed.stream(bug)
      let received = Task { () -> [Issue] in
        var issues: [Issue] = []
        for try await issue in stream { issues.append(issue) }
        return issues
      }
      try await feed.send(crash)
      try await feed.finish()
      let issues = try await received.value
      XCTAssertEqual(issues, [crash])
      XCTAssertEqual(feed.calls, [bug])
    }
  }
}
