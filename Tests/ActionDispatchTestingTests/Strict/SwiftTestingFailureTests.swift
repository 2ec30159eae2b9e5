import ActionDispatch
import ActionDispatchTesting
import Testing

/// In Swift Testing, a failure of the testing library reads as a failure: an issue whose comment
/// is the message (its first line the headline), at the test's own line; not a caught error, so
/// no "Caught error:" precedes it.
@MainActor
@Suite(.serialExecutor) struct SwiftTestingFailureTests {
  @Test func aHarnessFailureIsAnIssueWhoseCommentIsTheMessageAtTheExpectLine() async {
    let service = MockLiveFeedService()
    service.refreshStub.succeed(with: ["a"])
    let harness = StrictHarness(LiveFeedViewModel(service: service))
    await harness.send { $0.refresh() }.value
    harness.expect(.startedLoading(.refresh))
    let line = #line + 2
    withKnownIssue {
      harness.expect(.stoppedLoading(.refresh))
    } matching: { issue in
      Self.isFailure(issue, headline: "expect does not match the changes after send at", line: line)
    }
    harness.finish()
  }

  @Test func workLeftRunningIsAnIssueAtTheSendThatDispatchedIt() async {
    let (service, gate) = StrictWorkTests.serviceWhoseRefreshWaits()
    let harness = StrictHarness(LiveFeedViewModel(service: service), strictness: .workMustEnd)
    let line = #line + 1
    let run = harness.send { $0.refresh() }
    await gate.arrivals(1)
    withKnownIssue {
      harness.finish()
    } matching: { issue in
      Self.isFailure(issue, headline: "The test ended with .refresh still running", line: line)
    }
    gate.open()
    await run.value
  }

  @Test func aMisusedTestClockIsAnIssueAtTheCall() async {
    let clock = TestClock()
    let line = #line + 2
    await withKnownIssue {
      await clock.advance(by: .seconds(-1))
    } matching: { issue in
      Self.isFailure(issue, headline: "TestClock cannot move backwards", line: line)
    }
  }

  @Test func aBoundedWaitThatExpiredIsAnIssueAtTheWait() async {
    let gate = Gate()
    let line = #line + 2
    await withKnownIssue {
      await gate.arrivals(1, limit: .milliseconds(1))
    } matching: { issue in
      Self.isFailure(issue, headline: "Waited 0.001 seconds for 1 arrival(s) at the gate", line: line)
    }
  }

  /// Whether `issue` is recorded as a failure, not an error, whose comment starts with
  /// `headline`, at `line` of this file.
  nonisolated private static func isFailure(_ issue: Issue, headline: String, line: Int) -> Bool {
    guard case .unconditional = issue.kind, issue.error == nil else { return false }
    return issue.comments.first?.rawValue.hasPrefix(headline) == true
      && issue.sourceLocation?.line == line
      && issue.sourceLocation?.fileName == "SwiftTestingFailureTests.swift"
  }
}
