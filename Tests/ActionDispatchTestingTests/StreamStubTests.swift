import ActionDispatchTesting
import Testing

/// Issue 31, item 2: a stream stub the test drives — send, finish, fail, see a cancel — with
/// `Stub`'s call recording.
@MainActor
@Suite(.serialExecutor) struct StreamStubTests {
  @Test func eachSentElementIsHandledBeforeSendReturns() async throws {
    let service = MockLiveFeedService()
    let viewModel = LiveFeedViewModel(service: service)
    let run = viewModel.watch(room: "swift")

    try await service.messagesStub.send("hello")
    #expect(viewModel.messages == ["hello"])
    try await service.messagesStub.send("a", "b")
    #expect(viewModel.messages == ["hello", "a", "b"])
    #expect(viewModel.isLoading(for: .watch))

    try await service.messagesStub.finish()
    await run.value
    #expect(!viewModel.isLoading(for: .watch))
    #expect(service.messagesStub.calls == ["swift"])
    #expect(service.messagesStub.endings == [.finished])
  }

  @Test func aFailedStreamIsTheActionsError() async throws {
    let service = MockLiveFeedService()
    let viewModel = LiveFeedViewModel(service: service)
    let run = viewModel.watch(room: "swift")

    try await service.messagesStub.send("hello")
    try await service.messagesStub.fail(with: StubError("connection lost"))
    await run.value

    #expect(viewModel.errorMessage(for: .watch) == "connection lost")
    #expect(viewModel.messages == ["hello"])
    #expect(service.messagesStub.endings == [.failed])
  }

  @Test func aRestartCancelsTheOldStreamAndTheTestSeesIt() async throws {
    let service = MockLiveFeedService()
    let viewModel = LiveFeedViewModel(service: service)
    let first = viewModel.watch(room: "swift")
    try await service.messagesStub.send("old")

    let second = viewModel.watch(room: "server")
    await first.value
    try await service.messagesStub.send("new")

    #expect(service.messagesStub.endings == [.cancelled, nil])
    #expect(!service.messagesStub.isCancelled)  // the newest is open
    #expect(service.messagesStub.calls == ["swift", "server"])
    #expect(viewModel.messages == ["old", "new"])
    viewModel.cancel(.watch)
    await second.value
    #expect(service.messagesStub.isCancelled)
  }

  @Test func sendWaitsForTheViewModelToOpenTheStream() async throws {
    let service = MockLiveFeedService()
    let viewModel = LiveFeedViewModel(service: service)
    async let sent: Void = service.messagesStub.send("early")
    let run = viewModel.watch(room: "swift")
    try await sent
    #expect(viewModel.messages == ["early"])
    viewModel.cancel(.watch)
    await run.value
  }

  @Test func aStreamNobodyOpensFailsTheWaitInsteadOfHanging() async {
    let stub = StreamStub<Void, Int>()
    await #expect(throws: WaitTimeoutError.self) {
      try await stub.send(1, limit: .milliseconds(50))
    }
    #expect(stub.callCount == 0)
  }

  @Test func releasingTheViewModelCancelsItsStream() async throws {
    let service = MockLiveFeedService()
    var viewModel: LiveFeedViewModel? = LiveFeedViewModel(service: service)
    let run = viewModel?.watch(room: "swift")
    try await service.messagesStub.send("hello")
    viewModel = nil
    await run?.value
    #expect(service.messagesStub.isCancelled)
  }
}
