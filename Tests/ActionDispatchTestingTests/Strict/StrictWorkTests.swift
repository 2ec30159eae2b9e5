import ActionDispatchTesting
import Testing

/// Issue 31, item 1: a strict test fails when it ends with work left — a run in flight, a
/// pending debounce, a queued run, a held throttle dispatch — naming the action and the line
/// that dispatched it, unless the test says it expects that. These tests ask only that
/// (`.workMustEnd`); StrictExhaustiveTests ask for every change too.
@MainActor
@Suite(.serialExecutor) struct StrictWorkTests {
  /// An issue's whole message: its headline (the error the harness records) and the lines below it.
  nonisolated static func text(_ issue: Issue) -> String {
    ([issue.error.map { "\($0)" }].compactMap { $0 } + issue.comments.map(\.rawValue)).joined(separator: "\n")
  }

  @Test func endingWithARunInFlightFailsNamingTheActionAndTheLineThatDispatchedIt() async {
    let (service, gate) = Self.serviceWhoseRefreshWaits()
    let harness = StrictHarness(LiveFeedViewModel(service: service), strictness: .workMustEnd)
    let line = #line + 1
    let run = harness.send { $0.refresh() }
    await gate.arrivals(1)

    withKnownIssue {
      harness.finish()
    } matching: { issue in
      let text = Self.text(issue)
      return text.contains("ended with .refresh still running") && text.contains("at StrictWorkTests.swift:\(line)")
    }
    await run.value  // finish cancelled it
    #expect(!harness.viewModel.isLoading(for: .refresh))
  }

  @Test func aRunThatEndedBeforeTheTestDidPasses() async {
    let harness = StrictHarness(LiveFeedViewModel(service: MockLiveFeedService()), strictness: .workMustEnd)
    await harness.send { $0.refresh() }.value
    harness.finish()
  }

  @Test func aPendingDebounceFails() async {
    let clock = TestClock()
    let harness = StrictHarness(
      LiveFeedViewModel(service: MockLiveFeedService(), clock: clock), strictness: .workMustEnd)
    let run = harness.send { $0.refresh(policy: .debounce(.milliseconds(300))) }
    await clock.waitForSleepers(1)
    withKnownIssue {
      harness.finish()
    } matching: { issue in
      Self.text(issue).contains(".refresh still running") && Self.text(issue).contains("debounce")
    }
    await run.value
  }

  @Test func aQueuedRunFailsAsQueuedAndTheRunAheadOfItAsInFlight() async {
    let (service, gate) = Self.serviceWhoseRefreshWaits()
    let harness = StrictHarness(LiveFeedViewModel(service: service), strictness: .workMustEnd)
    let first = harness.send { $0.refresh(policy: .enqueue) }
    let second = harness.send { $0.refresh(policy: .enqueue) }
    await gate.arrivals(1)
    #expect(harness.viewModel.pendingWork().map(\.stage) == [.inFlight, .waitingForTurn])
    withKnownIssue {
      harness.finish()
    } matching: { issue in
      Self.text(issue).contains("run 2, queued behind an earlier run") || Self.text(issue).contains("run 1, in flight")
    }
    await first.value
    await second.value
  }

  @Test func aDispatchHeldByAThrottleFails() async {
    let clock = TestClock()
    let harness = StrictHarness(
      LiveFeedViewModel(service: MockLiveFeedService(), clock: clock), strictness: .workMustEnd)
    await harness.send { $0.refresh(policy: .throttle(.seconds(1))) }.value
    let held = harness.send { $0.refresh(policy: .throttle(.seconds(1))) }
    withKnownIssue {
      harness.finish()
    } matching: { issue in
      Self.text(issue).contains("held by a throttle")
    }
    await held.value
  }

  @Test func aTestThatExpectsAnActionStillRunningPassesAndTheWorkIsCancelled() async throws {
    let service = MockLiveFeedService()
    let harness = StrictHarness(LiveFeedViewModel(service: service), strictness: .workMustEnd)
    let run = harness.send { $0.watch(room: "swift") }
    try await service.messagesStub.send("hello")
    harness.expectStillRunning(.watch)
    harness.finish()
    await run.value
    #expect(service.messagesStub.isCancelled)
  }

  @Test func theTraitFinishesTheHarnessesATestLeftUnfinished() async throws {
    let service = MockLiveFeedService()
    try await withKnownIssue {
      try await StrictTrait.strict(.workMustEnd).provideScope(for: Test.current!, testCase: nil) {
        await Self.leaveAFeedRunning(service)
      }
    } matching: { issue in
      Self.text(issue).contains("ended with .watch still running")
    }
    #expect(service.messagesStub.isCancelled)
  }

  /// A service whose refresh waits at a gate.
  static func serviceWhoseRefreshWaits() -> (MockLiveFeedService, Gate) {
    let service = MockLiveFeedService()
    let gate = Gate()
    service.refreshStub.handle { _ in
      try await gate.pass()
      return []
    }
    return (service, gate)
  }

  /// Starts a feed through a harness and returns without finishing it.
  static func leaveAFeedRunning(_ service: MockLiveFeedService) async {
    let harness = StrictHarness(LiveFeedViewModel(service: service), strictness: .workMustEnd)
    harness.send { $0.watch(room: "swift") }
    try? await service.messagesStub.waitForCalls(1)
  }
}
