import ActionDispatch
import ActionDispatchTesting
import Testing

/// Thousands of runs of one action and thousands of keyed actions. `isLoading(for:)`: "`true`
/// from the moment a run is accepted until the action's last run ends"; issue 14: a reader of an
/// idle row is invalidated by that row only. (What an idle row holds in memory is gated by the
/// benchmarks, not here.)
///
/// Readers are counted with ``InvalidationCounter``: `onChange` runs synchronously where the
/// mutation happens, on the main actor, so a count is exact the moment the mutation returns.
@MainActor
extension RunOrderAtScaleTests {
  @Test func fiveThousandRunsOfOneActionKeepLoadingExactUntilTheLastEndsWhateverEachDoes() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let delivered = AdvBox(0)
    let count = 5_000
    let runs = (0..<count).map { index in
      viewModel.dispatch(
        actionId: .a,
        task: { () async throws -> Int in
          try await gate.pass()
          if index % 2 == 1 { throw TestError(message: "odd failed") }
          return index
        }, onSuccess: { _, _ in delivered.value += 1 })
    }
    await gate.arrivals(count)
    for index in stride(from: 0, to: count, by: 3) { runs[index].cancel() }
    for index in stride(from: 0, to: count, by: 3) { await runs[index].value }
    #expect(viewModel.isLoading(for: .a))
    #expect(viewModel.errorMessage(for: .a) == nil, "a cancelled run recorded an error")

    gate.open()
    for run in runs { await run.value }

    let cancelled = (0..<count).filter { $0 % 3 == 0 }.count
    let succeeded = (0..<count).filter { $0 % 3 != 0 && $0 % 2 == 0 }.count
    let failed = count - cancelled - succeeded
    let kinds = listeners.kinds(listeners.early, of: .a)
    #expect(kinds.filter { $0 == .started }.count == count)
    #expect(kinds.filter { $0 == .cancelled }.count == cancelled)
    #expect(kinds.filter { $0 == .succeeded }.count == succeeded)
    #expect(kinds.filter { $0 == .failed }.count == failed)
    #expect(delivered.value == succeeded)
    #expect(viewModel.hookLog.filter { $0 == "error(a)" }.count == failed)
    #expect(viewModel.errorMessage(for: .a) == "odd failed")
    #expect(viewModel.statusLog[.a] == [true, false])
    #expect(!viewModel.isLoading(for: .a))
    #expect(!viewModel.isAnyLoading)
    #expect(listeners.violations() == [])
  }

  @Test func fiveThousandKeyedRowsKeepTheirOwnLoadingAndErrorAndIdleRowsReportNothing() async {
    let viewModel = AdvViewModel()
    let gate = Gate()
    let count = 5_000
    let runs = (0..<count).map { row in
      viewModel.dispatch(
        actionId: .row(row),
        task: {
          try await gate.pass()
          if row % 2 == 1 { throw TestError(message: "row \(row)") }
        })
    }
    await gate.arrivals(count)
    #expect((0..<count).allSatisfy { viewModel.isLoading(for: .row($0)) })
    #expect(!viewModel.isLoading(for: .row(count)))
    for row in stride(from: 0, to: count, by: 10) { viewModel.cancel(.row(row)) }
    #expect((0..<count).filter { viewModel.isLoading(for: .row($0)) }.count == count - count / 10)

    gate.open()
    for run in runs { await run.value }

    #expect(!viewModel.isAnyLoading)
    #expect((0..<count).allSatisfy { !viewModel.isLoading(for: .row($0)) })
    for row in 0..<count {
      let expected: String? = row % 2 == 1 ? "row \(row)" : nil
      if viewModel.errorMessage(for: .row(row)) != expected {
        Issue.record("row \(row): error \(String(describing: viewModel.errorMessage(for: .row(row))))")
        break
      }
    }
    #expect((0..<count).allSatisfy { viewModel.statusLog[.row($0)] == [true, false] })
    for row in 0..<count { viewModel.clearError(for: .row(row)) }
    #expect((0..<count).allSatisfy { viewModel.errorMessage(for: .row($0)) == nil })
  }

  @Test func aReaderOfAnIdleRowIsInvalidatedByThatRowAloneWhileThousandsOfOthersComeAndGo() async {
    let viewModel = AdvViewModel()
    func track() -> InvalidationCounter {
      InvalidationCounter {
        _ = viewModel.isLoading(for: .row(7))
        _ = viewModel.errorMessage(for: .row(7))
      }
    }
    var reader = track()
    for round in 0..<3 {
      var runs: [Task<Void, Never>] = []
      for row in 0..<2_000 where row != 7 {
        runs.append(
          viewModel.dispatch(
            actionId: .row(row),
            task: { if row % 3 == 0 { throw TestError() } }))
      }
      for run in runs { await run.value }
      for row in stride(from: 0, to: 2_000, by: 3) { viewModel.clearError(for: .row(row)) }
      #expect(reader.count == 0, "round \(round): another row invalidated row 7's reader")

      await viewModel.dispatch(actionId: .row(7), task: { throw TestError() }).value
      #expect(reader.count == 1, "round \(round): row 7 failing did not invalidate its reader")
      viewModel.clearError(for: .row(7))
      reader = track()
    }
  }

  @Test func anErrorReaderOfARowIsInvalidatedWhenItsErrorIsClearedAndWhenItFailsAgain() async {
    let viewModel = AdvViewModel()
    await viewModel.dispatch(actionId: .row(3), task: { throw TestError() }).value
    let clearedReader = InvalidationCounter { _ = viewModel.errorMessage(for: .row(3)) }
    viewModel.clearError(for: .row(4))
    viewModel.clearError(for: .row(3))
    #expect(clearedReader.count == 1, "clearError did not invalidate the error's reader")

    let reader = InvalidationCounter { _ = viewModel.errorMessage(for: .row(3)) }
    await viewModel.dispatch(actionId: .row(4), task: { throw TestError() }).value
    #expect(reader.count == 0, "row 4 failing invalidated row 3's reader")
    await viewModel.dispatch(actionId: .row(3), task: { throw TestError() }).value
    #expect(reader.count == 1)
  }

  @Test func isAnyLoadingStaysTrueUntilTheLastOfThousandsOfKeyedRowsEndsAndItsReaderIsTold() async {
    let viewModel = AdvViewModel()
    let gate = Gate()
    let idleReader = InvalidationCounter { _ = viewModel.isAnyLoading }
    let runs = (0..<3_000).map { row in viewModel.dispatch(actionId: .row(row), task: { try await gate.pass() }) }
    #expect(idleReader.count == 1)
    #expect(viewModel.isAnyLoading)
    let loadingReader = InvalidationCounter { _ = viewModel.isAnyLoading }
    for row in 0..<2_999 { viewModel.cancel(.row(row)) }
    #expect(viewModel.isAnyLoading)
    gate.open()
    for run in runs { await run.value }
    #expect(!viewModel.isAnyLoading)
    #expect(loadingReader.count == 1, "the isAnyLoading reader was not told when the last row ended")
  }
}
