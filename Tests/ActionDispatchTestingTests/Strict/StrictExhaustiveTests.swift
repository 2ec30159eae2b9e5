import ActionDispatchTesting
import Testing

/// Issue 31, item 1: in the exhaustive mode every observable change — each action's loading and
/// error, each observed property — must be asserted, in order; what is not fails with a diff.
@MainActor
@Suite(.serialExecutor) struct StrictExhaustiveTests {
  private func harness(_ service: MockLiveFeedService) -> StrictHarness<LiveFeedAction, LiveFeedViewModel> {
    StrictHarness(LiveFeedViewModel(service: service), strictness: .exhaustive)
  }

  /// An exhaustive harness whose view model refreshed to `["a"]`, with only the start asserted.
  private func refreshedAssertingOnlyTheStart() async -> StrictHarness<LiveFeedAction, LiveFeedViewModel> {
    let service = MockLiveFeedService()
    service.refreshStub.succeed(with: ["a"])
    let harness = harness(service)
    await harness.send { $0.refresh() }.value
    harness.expect(.startedLoading(.refresh))
    return harness
  }

  @Test func everyChangeAssertedInOrderPasses() async {
    let service = MockLiveFeedService()
    service.refreshStub.succeed(with: ["a"])
    let harness = harness(service)

    let run = harness.send { $0.refresh() }
    harness.expect(.startedLoading(.refresh))
    await run.value
    harness.expect(.set(\.messages, to: ["a"]), .stoppedLoading(.refresh))

    service.refreshStub.fail(with: StubError("offline"))
    await harness.send { $0.refresh() }.value
    harness.expect(.startedLoading(.refresh))
    harness.expect(.failed(.refresh, "offline"), .stoppedLoading(.refresh))
    harness.send { $0.clearError(for: .refresh) }
    harness.expect(.errorCleared(.refresh))
    harness.finish()
  }

  @Test func anUnassertedChangeFailsTheTestWithTheDiff() async {
    let harness = await refreshedAssertingOnlyTheStart()

    withKnownIssue {
      harness.finish()
    } matching: { issue in
      let text = StrictWorkTests.text(issue)
      return text.contains("2 changes not asserted after send at StrictExhaustiveTests.swift:")
        && text.contains("after succeeded(.refresh), run 1:")
        && text.contains(#"messages: [] → ["a"]"#) && text.contains("isLoading(for: .refresh): true → false")
    }
  }

  @Test func aWrongValueFailsShowingWhatWasExpectedAndWhatHappened() async {
    let harness = await refreshedAssertingOnlyTheStart()

    withKnownIssue {
      harness.expect(.set(\.messages, to: ["b"]), .stoppedLoading(.refresh))
    } matching: { issue in
      let text = StrictWorkTests.text(issue)
      return text.contains(#"− expected, did not happen:  messages = ["b"]"#)
        && text.contains(#"+ happened, not asserted:     messages: [] → ["a"]"#)
    }
    harness.finish()
  }

  @Test func changesAssertedOutOfOrderFail() async {
    let service = MockLiveFeedService()
    service.refreshStub.succeed(with: ["a"])
    let harness = harness(service)
    await harness.send { $0.refresh() }.value

    withKnownIssue {
      harness.expect(.set(\.messages, to: ["a"]), .stoppedLoading(.refresh))
    } matching: { issue in
      StrictWorkTests.text(issue).contains("+ happened, not asserted:     isLoading(for: .refresh): false → true")
    }
    harness.skipChanges()
    harness.finish()
  }

  @Test func propertyChangesWithoutAnEventAreAssertedAtTheNextStep() async throws {
    let service = MockLiveFeedService()
    let harness = harness(service)
    let run = harness.send { $0.watch(room: "swift") }
    harness.expect(.set(\.room, to: "swift"), .startedLoading(.watch))
    try await service.messagesStub.send("hello")
    harness.expect(.set(\.messages, to: ["hello"]))
    try await service.messagesStub.finish()
    await run.value
    harness.expect(.stoppedLoading(.watch))
    harness.finish()
  }

  @Test func theLaxModeChecksOnlyThatEachExpectationHoldsNow() async {
    let service = MockLiveFeedService()
    service.refreshStub.succeed(with: ["a"])
    let harness = StrictHarness(LiveFeedViewModel(service: service), strictness: .workMustEnd)
    await harness.send { $0.refresh() }.value
    harness.expect(.set(\.messages, to: ["a"]))
    withKnownIssue {
      harness.expect(.startedLoading(.refresh))
    } matching: { issue in
      StrictWorkTests.text(issue).contains("isLoading(for: .refresh) = true, but it does not hold now")
    }
    harness.finish()
  }

  @Test func theTraitsStrictnessIsTheHarnessesDefault() async throws {
    let service = MockLiveFeedService()
    service.refreshStub.succeed(with: ["a"])
    try await withKnownIssue {
      try await StrictTrait.strict(.exhaustive).provideScope(for: Test.current!, testCase: nil) {
        await Self.refreshWithoutAsserting(service)
      }
    } matching: { issue in
      // One issue for the send that caused both groups, the start and the end.
      StrictWorkTests.text(issue).contains("3 changes not asserted after send at StrictExhaustiveTests.swift:")
    }
  }

  static func refreshWithoutAsserting(_ service: MockLiveFeedService) async {
    let harness = StrictHarness(LiveFeedViewModel(service: service), strictness: nil)
    #expect(harness.strictness == .exhaustive)
    await harness.send { $0.refresh() }.value
  }
}
