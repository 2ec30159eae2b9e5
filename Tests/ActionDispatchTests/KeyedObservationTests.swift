import ActionDispatch
import ActionDispatchTesting
import Observation
import Testing

/// Issue 14: per-row actions whose idle state is reclaimed stay exactly observable. A view that read
/// `isLoading(for: .row(5))` or `errorMessage(for: .row(5))` while the row was idle is invalidated when that
/// row later starts or fails — even if its state was reclaimed in between — and never by another row.
@MainActor
@Suite(.serialExecutor) struct KeyedObservationTests {
  /// Runs every row in `rows` once to completion, succeeding or failing.
  func runRows(_ rows: some Sequence<Int>, on viewModel: RowViewModel, failing: Bool = false) async {
    for row in rows {
      await viewModel.dispatch(
        actionId: .row(row),
        task: { () async throws -> Int in
          if failing { throw TestError(message: "row \(row) failed") }
          return row
        }
      ).value
    }
  }

  @Test func aReaderOfANeverUsedRowIsInvalidatedWhenThatRowStarts() async {
    let viewModel = RowViewModel()
    let loading = InvalidationCounter { _ = viewModel.isLoading(for: .row(5)) }
    let gate = Gate()
    let run = viewModel.dispatch(actionId: .row(5), task: { try await gate.pass() })
    #expect(loading.count == 1, "starting .row(5) did not invalidate its loading reader")
    gate.open()
    await run.value
  }

  @Test func aReaderOfAReclaimedRowIsInvalidatedWhenItStartsAgain() async {
    let viewModel = RowViewModel()
    await runRows([5], on: viewModel)  // .row(5) ran and is idle again: its state may be reclaimed
    await runRows(0..<50, on: viewModel)
    let loading = InvalidationCounter { _ = viewModel.isLoading(for: .row(5)) }
    let error = InvalidationCounter { _ = viewModel.errorMessage(for: .row(5)) }
    await runRows(100..<150, on: viewModel)
    #expect(loading.count == 0)
    #expect(error.count == 0)
    let gate = Gate()
    let run = viewModel.dispatch(actionId: .row(5), task: { try await gate.pass() })
    #expect(loading.count == 1, "a reader of a reclaimed row was not invalidated when it started")
    gate.open()
    await run.value
  }

  @Test func anErrorReaderOfAReclaimedRowIsInvalidatedWhenItFails() async {
    let viewModel = RowViewModel()
    await runRows([5], on: viewModel)
    await runRows(0..<50, on: viewModel)
    let error = InvalidationCounter { _ = viewModel.errorMessage(for: .row(5)) }
    await runRows([5], on: viewModel, failing: true)
    #expect(error.count == 1)
    #expect(viewModel.errorMessage(for: .row(5)) == "row 5 failed")
  }

  @Test func readersOfOneRowAreNotInvalidatedByAnyOtherRow() async {
    let viewModel = RowViewModel()
    await runRows([5], on: viewModel)
    let loading = InvalidationCounter { _ = viewModel.isLoading(for: .row(5)) }
    let error = InvalidationCounter { _ = viewModel.errorMessage(for: .row(5)) }
    await runRows((0..<200).filter { $0 != 5 }, on: viewModel)
    await runRows((0..<200).filter { $0 != 5 }, on: viewModel, failing: true)
    for row in 0..<200 where row != 5 { viewModel.clearError(for: .row(row)) }
    #expect(loading.count == 0)
    #expect(error.count == 0)
  }

  @Test func aRowReclaimedAndRecreatedSeveralTimesInvalidatesEachNewReaderOnce() async {
    let viewModel = RowViewModel()
    for round in 0..<6 {
      let loading = InvalidationCounter { _ = viewModel.isLoading(for: .row(5)) }
      let error = InvalidationCounter { _ = viewModel.errorMessage(for: .row(5)) }
      await runRows(round * 10..<round * 10 + 5, on: viewModel)  // other rows come and go
      #expect(loading.count == 0, "round \(round): invalidated by another row")
      let fails = round.isMultiple(of: 2)
      await runRows([5], on: viewModel, failing: fails)
      #expect(loading.count == 1, "round \(round): starting .row(5) did not invalidate its reader")
      #expect(error.count == (fails ? 1 : 0), "round \(round): error reader")
      if fails {
        let cleared = InvalidationCounter { _ = viewModel.errorMessage(for: .row(5)) }
        viewModel.clearError(for: .row(5))
        #expect(cleared.count == 1, "round \(round): clearError did not invalidate the error reader")
      }
      #expect(!viewModel.isLoading(for: .row(5)))
      #expect(viewModel.errorMessage(for: .row(5)) == nil)
    }
  }

  @Test func aRowWithAnErrorKeepsItWhileOtherRowsComeAndGo() async {
    let viewModel = RowViewModel()
    await runRows([5], on: viewModel, failing: true)
    await runRows(6..<506, on: viewModel)
    #expect(viewModel.errorMessage(for: .row(5)) == "row 5 failed")
    #expect(viewModel.failure(for: .row(5)) as? TestError == TestError(message: "row 5 failed"))
    let error = InvalidationCounter { _ = viewModel.errorMessage(for: .row(5)) }
    await runRows([5], on: viewModel)
    #expect(error.count == 1)
    #expect(viewModel.errorMessage(for: .row(5)) == nil, "dispatching again clears the error")
  }

  @Test func anObservedIdleRowStillDeliversToItsObserverAfterOtherRowsComeAndGo() async {
    let viewModel = RowViewModel()
    var seen: [String] = []
    let token = viewModel.observe {
      On(.row(5)).started { seen.append("started") }.finished { seen.append("finished") }
    }
    await runRows(0..<5, on: viewModel)
    await runRows(6..<100, on: viewModel)
    #expect(seen.isEmpty)
    await runRows([5], on: viewModel)
    #expect(seen == ["started", "finished"])
    token.cancel()
  }
}
