import ActionDispatch
import ActionDispatchTesting
import Testing

/// In an exhaustive test the harness asserts the `QueryCache` keys the view model watches as it
/// asserts its properties: a change the test did not expect fails it, naming the key and its old
/// and new value.
@MainActor
@Suite(.serialExecutor) struct StrictCacheTests {
  // snippet: strict-cache
  @Test func aWatchedKeysChangeIsAssertedWithCached() async {
    let viewModel = InboxViewModel(cache: QueryCache(), titles: Stub(returning: ["a"]))
    let harness = StrictHarness(viewModel)

    await harness.send { $0.load() }.value
    harness.expect(.startedLoading(.load))
    harness.expect(.cached(InboxViewModel.key, to: ["a"]), .set(\.titles, to: ["a"]), .stoppedLoading(.load))
    harness.send { $0.cache.setValue(["b"], for: InboxViewModel.key) }
    harness.expect(.cached(InboxViewModel.key, to: ["b"]), .set(\.titles, to: ["b"]))
    harness.finish()
  }
  // end snippet: strict-cache

  @Test func aWatchedKeysChangeNotExpectedFailsNamingTheKeyAndItsValues() async {
    let recorded = RecordedFailures()
    let viewModel = InboxViewModel(cache: QueryCache(), titles: Stub(returning: ["a"]))
    let harness = StrictHarness(viewModel, reporter: recorded.reporter)

    await harness.send { $0.load() }.value
    harness.expect(.startedLoading(.load))
    harness.expect(.set(\.titles, to: ["a"]), .stoppedLoading(.load))
    #expect(recorded.messages.count == 1)
    #expect(recorded.messages.first?.contains("1 change not asserted") == true)
    #expect(recorded.messages.first?.contains(#"+ happened, not asserted:     cache[inbox]: nil → ["a"]"#) == true)
    harness.finish()
  }

  @Test func aChangeAnotherViewModelMakesToAWatchedKeyFailsTheTestUnlessExpected() async {
    let recorded = RecordedFailures()
    let cache = QueryCache()
    let titles = Stub<Void, [String]>(returning: ["a"])
    let viewModel = InboxViewModel(cache: cache, titles: titles)
    let other = InboxViewModel(cache: cache, titles: titles)
    await viewModel.load().value
    let harness = StrictHarness(viewModel, reporter: recorded.reporter)

    titles.succeed(with: ["b"])
    await harness.send { _ in await other.load().value }
    harness.finish()
    #expect(recorded.messages.count == 1)
    let message = recorded.messages.first ?? ""
    #expect(message.hasPrefix("2 changes not asserted after send at StrictCacheTests.swift:"), "\(message)")
    #expect(message.contains(#"cache[inbox]: ["a"] → ["b"]"#))
    #expect(message.contains(#"titles: ["a"] → ["b"]"#))
  }

  @Test func aKeyTheViewModelDoesNotWatchIsNotAsserted() async {
    let cache = QueryCache()
    let viewModel = InboxViewModel(cache: cache, titles: Stub(returning: ["a"]))
    let harness = StrictHarness(viewModel)
    harness.send { _ in cache.setValue(["z"], for: QueryKey<[String]>("outbox")) }
    harness.finish()
  }
}
