import ActionDispatch
import ActionDispatchTesting
import Observation
import Testing

/// Issue 39, item 5: `Loadable` over a non-optional property (a list that starts `[]`), following
/// several actions (load, filter, refresh), with an `Equatable` phase.
@MainActor
@Suite(.serialExecutor) struct LoadableRowsTests {
  enum RowsAction: ActionIdType {
    case load, filter, refresh, unrelated
    case row(Int)
  }

  @MainActor @Observable
  final class RowsViewModel: BaseViewModel<RowsAction> {
    private(set) var rows: [Int] = []
    var rowsState: Loadable<[Int]> { loadable(\.rows, of: .load, .filter, .refresh) }
    var loadOnlyState: Loadable<[Int]> { loadable(\.rows, of: .load) }

    @discardableResult
    func run(_ action: RowsAction, _ work: @escaping @MainActor () async throws -> [Int]) -> Task<Void, Never> {
      dispatch(actionId: action, task: work) { viewModel, rows in viewModel.rows = rows }
    }
  }

  @Test func anEmptyListIsNotLoadedUntilTheFirstSuccess() async {
    let viewModel = RowsViewModel()
    #expect(viewModel.rowsState.phase == .idle)
    #expect(viewModel.rowsState.value == nil)

    let gate = Gate()
    let run = viewModel.run(.load) {
      try await gate.pass()
      return []
    }
    #expect(viewModel.rowsState.phase == .loading)
    #expect(!viewModel.rowsState.isRefreshing)
    gate.open()
    await run.value

    #expect(viewModel.rowsState.phase == .loaded([]))
    #expect(viewModel.rowsState.value == [])
  }

  @Test func aFailedFirstLoadIsTheFailedPhaseAndTheNextSuccessLoadsIt() async {
    let viewModel = RowsViewModel()
    await viewModel.run(.load) { throw TestError(message: "offline") }.value
    #expect(viewModel.rowsState.phase == .failed("offline"))

    await viewModel.run(.load) { [1, 2] }.value
    #expect(viewModel.rowsState.phase == .loaded([1, 2]))
    #expect(viewModel.rowsState.errorMessage == nil)
  }

  @Test func anyActionThatFillsTheListShowsItsSpinnerAndLoadsIt() async {
    let viewModel = RowsViewModel()
    let gate = Gate()
    let filter = viewModel.run(.filter) {
      try await gate.pass()
      return [3]
    }
    #expect(viewModel.rowsState.phase == .loading)
    #expect(viewModel.loadOnlyState.phase == .idle)
    gate.open()
    await filter.value
    #expect(viewModel.rowsState.phase == .loaded([3]))

    let refreshGate = Gate()
    let refresh = viewModel.run(.refresh) {
      try await refreshGate.pass()
      return [4]
    }
    #expect(viewModel.rowsState.isRefreshing)
    #expect(viewModel.rowsState.phase == .loaded([3]))
    refreshGate.open()
    await refresh.value
    #expect(viewModel.rowsState.phase == .loaded([4]))
    #expect(!viewModel.rowsState.isLoading)
  }

  @Test func theErrorShownIsTheLastFailureUnlessALaterSuccessCameAfterIt() async {
    let viewModel = RowsViewModel()
    await viewModel.run(.load) { [1] }.value
    await viewModel.run(.filter) { throw TestError(message: "filter failed") }.value
    #expect(viewModel.rowsState.errorMessage == "filter failed")
    #expect(viewModel.rowsState.phase == .loaded([1]))

    await viewModel.run(.refresh) { throw TestError(message: "refresh failed") }.value
    #expect(viewModel.rowsState.errorMessage == "refresh failed")
    #expect(viewModel.rowsState.failure as? TestError == TestError(message: "refresh failed"))

    // A later success of any of them: the list is current again, so no error shows, although
    // `.filter` and `.refresh` each still hold theirs.
    await viewModel.run(.load) { [2] }.value
    #expect(viewModel.rowsState.errorMessage == nil)
    #expect(viewModel.rowsState.failure == nil)
    #expect(viewModel.errorMessage(for: .filter) == "filter failed")

    // A failure after that success shows again.
    await viewModel.run(.filter) { throw TestError(message: "filter failed again") }.value
    #expect(viewModel.rowsState.errorMessage == "filter failed again")
  }

  @Test func clearingTheShownErrorShowsTheEarlierOneStillStanding() async {
    let viewModel = RowsViewModel()
    await viewModel.run(.filter) { throw TestError(message: "first") }.value
    await viewModel.run(.refresh) { throw TestError(message: "second") }.value
    #expect(viewModel.rowsState.phase == .failed("second"))
    viewModel.clearError(for: .refresh)
    #expect(viewModel.rowsState.phase == .failed("first"))
    viewModel.clearError(for: .filter)
    #expect(viewModel.rowsState.phase == .idle)
  }

  @Test func readingItIsInvalidatedByEachActionItFollowsAndNoOther() async {
    let viewModel = RowsViewModel()
    let changes = LockedState(0)
    func track() {
      withObservationTracking {
        _ = viewModel.rowsState
      } onChange: {
        changes.withLock { $0 += 1 }
      }
    }
    track()
    await viewModel.dispatch(actionId: .unrelated, task: { 1 }).value
    #expect(changes.withLock { $0 } == 0)

    let gate = Gate()
    let refresh = viewModel.run(.refresh) {
      try await gate.pass()
      return [1]
    }
    #expect(changes.withLock { $0 } == 1)
    track()
    gate.open()
    await refresh.value
    #expect(changes.withLock { $0 } == 2)
  }

  @Test func anActionALoadableReadIsRecordedAfterAThousandOthersRan() async {
    let viewModel = RowsViewModel()
    _ = viewModel.loadable(\.rows, of: .row(-1))  // a view shows it before it loads
    for row in 0..<1_100 { await viewModel.run(.row(row)) { [] }.value }

    await viewModel.run(.row(-1)) { [7] }.value
    #expect(viewModel.loadable(\.rows, of: .row(-1)).phase == .loaded([7]))
    // The first thousand distinct actions are recorded whether or not anything read them.
    #expect(viewModel.loadable(\.rows, of: .row(0)).phase == .loaded([7]))
    // The documented limit: an action first read after it succeeded, past the first thousand.
    #expect(viewModel.loadable(\.rows, of: .row(1_099)).phase == .idle)
  }

  @Test func phasesCompareByCaseAndValue() {
    typealias Phase = Loadable<[Int]>.Phase
    #expect(Phase.loaded([1]) == .loaded([1]))
    #expect(Phase.loaded([1]) != .loaded([2]))
    #expect(Phase.failed("a") != .failed("b"))
    #expect(Phase.idle != .loading)
    #expect(Phase.loaded([]) != .idle)
  }
}
