import ActionDispatch
import ActionDispatchTesting
import Testing

/// Issue 39, items 1 and 2: strict by default, and failures that say where and what — an
/// unasserted change at the `send` that caused it, the property by name, a collection's
/// elements one by one, long values cut — with a grouping a test can predict.
@MainActor
@Suite(.serialExecutor) struct StrictMessagesTests {
  /// A harness whose messages go to `recorded` instead of failing the test.
  private func harness(
    _ service: MockLiveFeedService, recording recorded: RecordedFailures
  ) -> StrictHarness<LiveFeedAction, LiveFeedViewModel> {
    StrictHarness(LiveFeedViewModel(service: service), reporter: recorded.reporter)
  }

  @Test func theDefaultIsExhaustive() {
    #expect(StrictHarness(LiveFeedViewModel(service: MockLiveFeedService())).strictness == .exhaustive)
    #expect(StrictTrait.strict.strictness == .exhaustive)
  }

  @Test func anUnassertedChangeIsReportedAtTheSendThatCausedItWithAHeadline() async {
    let service = MockLiveFeedService()
    service.refreshStub.succeed(with: ["a"])
    let recorded = RecordedFailures()
    let harness = harness(service, recording: recorded)
    let line = #line + 1
    await harness.send { $0.refresh() }.value
    harness.expect(.startedLoading(.refresh))
    harness.finish()

    #expect(recorded.failures.count == 1)
    #expect(recorded.failures.first?.location.line == line)
    #expect(
      recorded.messages.first?.hasPrefix("2 changes not asserted after send at StrictMessagesTests.swift:\(line)\n")
        == true)
  }

  @Test func theExpectedSideNamesThePropertyByItsKeyPath() async {
    let service = MockLiveFeedService()
    service.refreshStub.succeed(with: ["a"])
    let recorded = RecordedFailures()
    let harness = harness(service, recording: recorded)
    await harness.send { $0.refresh() }.value
    harness.expect(.startedLoading(.refresh))
    let line = #line + 1
    harness.expect(.set(\.messages, to: ["b"]), .stoppedLoading(.refresh))

    let message = recorded.messages.first ?? ""
    #expect(recorded.failures.first?.location.line == line)
    #expect(message.hasPrefix("expect does not match the changes after send at StrictMessagesTests.swift:"))
    #expect(message.contains("1 expected change did not happen, 1 change not asserted"))
    #expect(message.contains(#"− expected, did not happen:  messages = ["b"]"#))
    #expect(!message.contains("Array<String> property"))
  }

  @Test func aCollectionIsDiffedElementByElement() async {
    let service = MockLiveFeedService()
    service.refreshStub.succeed(with: ["a", "b", "c"])
    let recorded = RecordedFailures()
    let harness = harness(service, recording: recorded)
    await harness.send { $0.refresh() }.value
    harness.skipChanges()
    service.refreshStub.succeed(with: ["a", "x", "c", "d"])
    await harness.send { $0.refresh() }.value
    harness.expect(.startedLoading(.refresh))
    harness.finish()

    let lines = (recorded.messages.first ?? "").split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }
    #expect(lines.contains(#"messages: ["a", "b", "c"] → ["a", "x", "c", "d"]"#))
    #expect(lines.contains(#"[1]: "b" → "x""#))
    #expect(lines.contains(#"+ [3]: "d""#))
    #expect(!lines.contains { $0.hasPrefix("[0]") || $0.hasPrefix("[2]") })
  }

  @Test func aRemovedElementIsMarkedAsRemoved() async {
    let service = MockLiveFeedService()
    service.refreshStub.succeed(with: ["a", "b", "c"])
    let recorded = RecordedFailures()
    let harness = harness(service, recording: recorded)
    await harness.send { $0.refresh() }.value
    harness.skipChanges()
    service.refreshStub.succeed(with: ["a", "c"])
    await harness.send { $0.refresh() }.value
    harness.expect(.startedLoading(.refresh))
    harness.finish()

    let lines = (recorded.messages.first ?? "").split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }
    #expect(lines.contains(#"− [1]: "b""#))
    #expect(!lines.contains { $0.hasPrefix("+") })
  }

  @Test func aLongValueIsCutWithAnEllipsis() async {
    let service = MockLiveFeedService()
    let long = String(repeating: "x", count: 300)
    service.refreshStub.succeed(with: [long])
    let recorded = RecordedFailures()
    let harness = harness(service, recording: recorded)
    await harness.send { $0.refresh() }.value
    harness.expect(.startedLoading(.refresh))
    harness.finish()

    let message = recorded.messages.first ?? ""
    #expect(message.contains("…"))
    #expect(!message.contains(long))
    #expect(message.split(separator: "\n").allSatisfy { $0.count < 280 })
  }

  @Test func theAsyncSendAwaitsItsBodyAndRecordsItsSite() async {
    let service = MockLiveFeedService()
    service.refreshStub.succeed(with: ["a"])
    let harness = StrictHarness(LiveFeedViewModel(service: service))

    await harness.send { await $0.refresh().value }
    #expect(harness.viewModel.messages == ["a"])
    harness.expect(.startedLoading(.refresh))
    harness.expect(.set(\.messages, to: ["a"]), .stoppedLoading(.refresh))
    harness.finish()
  }

  /// The grouping depends on what happened, not on when the test looks: the same refresh,
  /// awaited inside the `send`, after it, or after asserting its start, gives the same groups.
  @Test func twoIdenticalRefreshesGroupIdentically() async {
    let service = MockLiveFeedService()
    let harness = StrictHarness(LiveFeedViewModel(service: service))

    service.refreshStub.succeed(with: ["a"])
    await harness.send { $0.refresh() }.value
    harness.expect(.startedLoading(.refresh))
    harness.expect(.set(\.messages, to: ["a"]), .stoppedLoading(.refresh))

    service.refreshStub.succeed(with: ["b"])
    let run = harness.send { $0.refresh() }
    harness.expect(.startedLoading(.refresh))
    await run.value
    harness.expect(.stoppedLoading(.refresh), .set(\.messages, to: ["b"]))

    service.refreshStub.succeed(with: ["c"])
    await harness.send { await $0.refresh().value }
    harness.expect(.startedLoading(.refresh))
    harness.expect(.set(\.messages, to: ["c"]), .stoppedLoading(.refresh))
    harness.finish()
  }

  @Test func aTestUnderStrictThatMadeNoHarnessFails() async throws {
    try await withKnownIssue {
      try await StrictTrait.strict.provideScope(for: Test.current!, testCase: nil) {}
    } matching: { issue in
      let text = StrictWorkTests.text(issue)
      return issue.error == nil
        && text.hasPrefix("The test made no StrictHarness, so the .strict trait checked nothing\n")
        && text.contains("StrictHarness(viewModel)")
    }
  }
}

/// The failures a harness reported, instead of recording them on the test.
final class RecordedFailures: Sendable {
  private let state = LockedState<[(message: String, site: CallSite)]>([])

  /// A reporter that appends here.
  var reporter: FailureReporter {
    FailureReporter { message, site in self.state.withLock { $0.append((message, site)) } }
  }

  /// Each failure with where it points, as Swift Testing names it.
  var failures: [(message: String, location: SourceLocation)] {
    state.withLock { $0.map { ($0.message, $0.site.sourceLocation) } }
  }
  /// Each failure with where it points, as the testing library took it.
  var sites: [CallSite] { state.withLock { $0.map(\.site) } }
  var messages: [String] { state.withLock { $0.map(\.message) } }
}
