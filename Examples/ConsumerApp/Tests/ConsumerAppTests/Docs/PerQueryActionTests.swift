import ActionDispatch
import ActionDispatchTesting
import Testing

/// What "Choosing a policy" says about policies and associated values, shown to be true: a
/// policy acts on the runs of one action value, and `search(String)` makes each query its own.
@MainActor
@Suite(.serialExecutor) struct PerQueryActionTests {
  // snippet: search-per-query
  enum QueryAction: ActionIdType {
    case search(String)  // each query is an action of its own: nothing supersedes anything
  }
  // end snippet: search-per-query

  @Test func aDebouncedActionPerQueryDebouncesNothing() async {
    let clock = TestClock()
    let viewModel = BaseViewModel<QueryAction>(clock: clock)
    let sent = Stub<String, Void>(returning: ())

    let runs = ["o", "oc", "oct"].map { query in
      viewModel.dispatch(
        actionId: .search(query), policy: .debounce(.milliseconds(300)), task: { try await sent(query) })
    }
    await clock.waitForSleepers(3)
    await clock.advance(by: .milliseconds(300))
    for run in runs { await run.value }

    #expect(sent.calls.sorted() == ["o", "oc", "oct"])
  }
}
