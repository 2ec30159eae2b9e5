import ActionDispatchTesting
import Testing

// The snippets of the testing article's "Strict tests" and "Driving a live stream" sections.

// snippet: strict-suite
@MainActor
@Suite(.serialExecutor, .strict)
struct LiveFeedStrictTests {
  @Test func refreshShowsTheMessages() async {
    let service = MockLiveFeedService()
    service.refreshStub.succeed(with: ["hello"])
    let harness = StrictHarness(LiveFeedViewModel(service: service))

    let run = harness.send { $0.refresh() }
    harness.expect(.startedLoading(.refresh))
    await run.value
    harness.expect(.set(\.messages, to: ["hello"]), .stoppedLoading(.refresh))
  }
  // end snippet: strict-suite

  // snippet: async-send
  @Test func refreshingAndWaiting() async {
    let service = MockLiveFeedService()
    service.refreshStub.succeed(with: ["hello"])
    let harness = StrictHarness(LiveFeedViewModel(service: service))

    await harness.send { await $0.refresh().value }
    harness.expect(.startedLoading(.refresh))
    harness.expect(.set(\.messages, to: ["hello"]), .stoppedLoading(.refresh))
  }
  // end snippet: async-send

  // snippet: still-running
  @Test func watchingLeavesTheFeedOpen() async throws {
    let service = MockLiveFeedService()
    let harness = StrictHarness(LiveFeedViewModel(service: service))

    harness.send { $0.watch(room: "swift") }
    harness.expect(.set(\.room, to: "swift"), .startedLoading(.watch))
    try await service.messagesStub.send("hello")
    harness.expect(.set(\.messages, to: ["hello"]))
    harness.expectStillRunning(.watch)  // the feed stays open; the harness cancels it at the end
  }
  // end snippet: still-running
}

@MainActor
@Suite(.serialExecutor) struct LiveFeedStreamDocsTests {
  // snippet: stream-stub
  @Test func aRestartCancelsTheOldFeed() async throws {
    let service = MockLiveFeedService()
    let viewModel = LiveFeedViewModel(service: service)

    let first = viewModel.watch(room: "swift")
    try await service.messagesStub.send("hello")  // returns once the view model handled it
    #expect(viewModel.messages == ["hello"])

    let second = viewModel.watch(room: "server")  // .cancelPrevious: the first feed is cancelled
    await first.value
    #expect(service.messagesStub.endings == [.cancelled, nil])

    try await service.messagesStub.fail(with: StubError("connection lost"))
    await second.value
    #expect(viewModel.errorMessage(for: .watch) == "connection lost")
    #expect(service.messagesStub.calls == ["swift", "server"])
  }
  // end snippet: stream-stub
}
