import ActionDispatch
import ActionDispatchTesting
import Testing

/// The grouping rules depend only on the test: a rollback lands in the group of the failure or
/// cancel that caused it, and a refetch that an invalidation starts lands in the groups of its
/// own run, after the `send` whose mutation invalidated the key, however many view models watch
/// the key. Each harness here is exhaustive and reports to the test: a change in another group
/// fails it.
@MainActor
@Suite(.serialExecutor) struct StrictGroupingTests {
  @Test func aFailedOptimisticActionsRollbackIsInTheGroupOfItsFailure() async {
    let viewModel = InboxViewModel(cache: QueryCache(), titles: Stub(returning: []))
    viewModel.starStub.fail(with: StubError("offline"))
    let harness = StrictHarness(viewModel)

    await harness.send { $0.star() }.value
    harness.expect(.startedLoading(.star), .set(\.isStarred, to: true))
    harness.expect(.set(\.isStarred, to: false), .failed(.star, "offline"), .stoppedLoading(.star))
    harness.finish()
  }

  @Test func aCancelledOptimisticActionsRollbackIsInTheGroupOfItsCancel() async {
    let gate = Gate()
    let viewModel = InboxViewModel(cache: QueryCache(), titles: Stub(returning: []))
    viewModel.starStub.handle { _ in try await gate.pass() }
    let harness = StrictHarness(viewModel)

    let run = harness.send { $0.star() }
    await gate.arrivals(1)
    harness.send { $0.cancel(.star) }
    await run.value
    harness.expect(.startedLoading(.star), .set(\.isStarred, to: true))
    harness.expect(.set(\.isStarred, to: false), .stoppedLoading(.star))
    harness.finish()
  }

  /// `others`: how many other view models watch the key too; `othersFirst`: whether they
  /// watched it before the view model under test, so that their refetch starts the fetch and
  /// its run joins.
  @Test(arguments: [0, 1, 2], [false, true])
  func anInvalidationsRefetchLandsInItsOwnGroupsAfterTheMutationsSend(others: Int, othersFirst: Bool) async throws {
    let cache = QueryCache()
    let titles = Stub<Void, [String]>(returning: ["a"])
    let viewModel = InboxViewModel(cache: cache, titles: titles)
    let watchers = (0..<others).map { _ in InboxViewModel(cache: cache, titles: titles) }
    if othersFirst { for watcher in watchers { await watcher.load().value } }
    await viewModel.load().value
    if !othersFirst { for watcher in watchers { await watcher.load().value } }
    titles.succeed(with: ["b"])
    let harness = StrictHarness(viewModel)

    await harness.send { $0.rename("b") }.value
    try await viewModel.waitUntilIdle(.load)
    harness.expect(.startedLoading(.rename))
    harness.expect(.stoppedLoading(.rename))
    harness.expect(.startedLoading(.load))
    harness.expect(.cached(InboxViewModel.key, to: ["b"]), .set(\.titles, to: ["b"]), .stoppedLoading(.load))
    harness.finish()
    #expect(titles.callCount == others + 2)  // each first load (the stale time is zero), then one refetch for all
    for watcher in watchers { #expect(watcher.titles == ["b"]) }
  }
}
