import ActionDispatch
import ActionDispatchTesting
import Testing

@MainActor
@Suite(.serialExecutor) struct CancellationTests {
  @Test func supersededRunNeverDeliversEvenIfItsWorkIgnoresCancellation() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    let stale = Gate()
    let old = viewModel.dispatch(
      actionId: .search, policy: .cancelPrevious,
      task: {
        await stale.passIgnoringCancellation()
        return "stale"
      }
    ) { _, value in viewModel.log.append("delivered(\(value))") }
    await stale.arrivals(1)
    let new = viewModel.dispatch(actionId: .search, policy: .cancelPrevious, task: { "fresh" }) { _, value in
      viewModel.log.append("delivered(\(value))")
    }
    await new.value
    stale.open()
    await old.value
    #expect(viewModel.log.filter { $0.hasPrefix("delivered") } == ["delivered(fresh)"])
    #expect(recorder.events == [.started(.search), .started(.search), .cancelled(.search), .succeeded(.search)])
    #expect(!viewModel.isLoading(for: .search))
  }

  @Test func cancelEndsTheRunAtOnceWithoutAnError() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    let gate = Gate()
    let run = viewModel.dispatch(
      actionId: .load,
      task: {
        try await gate.pass()
        return 1
      }
    ) { _, value in viewModel.value = value }
    await gate.arrivals(1)
    viewModel.cancel(.load)
    #expect(!viewModel.isLoading(for: .load))
    await run.value
    #expect(viewModel.errorMessage(for: .load) == nil)
    #expect(viewModel.value == nil)
    #expect(recorder.events == [.started(.load), .cancelled(.load)])
    #expect(!viewModel.log.contains("hook.onError(load)"))
  }

  @Test func cancelledWorkThatReturnsLaterDeliversNothing() async {
    let viewModel = TestViewModel()
    let gate = Gate()
    let run = viewModel.dispatch(
      actionId: .load,
      task: {
        await gate.passIgnoringCancellation()
        return 7
      }
    ) { _, value in viewModel.value = value }
    await gate.arrivals(1)
    viewModel.cancel(.load)
    gate.open()
    await run.value
    #expect(viewModel.value == nil)
    #expect(!viewModel.log.contains { $0.hasPrefix("hook.onSuccess") })
  }

  @Test func cancellingTheReturnedTaskCancelsTheRun() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    let gate = Gate()
    let run = viewModel.dispatch(
      actionId: .load,
      task: {
        try await gate.pass()
        return 1
      })
    await gate.arrivals(1)
    run.cancel()
    await run.value
    #expect(recorder.events == [.started(.load), .cancelled(.load)])
    #expect(viewModel.errorMessage(for: .load) == nil)
    #expect(!viewModel.isLoading(for: .load))
  }

  @Test func cancelAllCancelsEveryAction() async {
    let viewModel = TestViewModel()
    let gate = Gate()
    let runs = [TestAction.load, .save, .search].map { action in
      viewModel.dispatch(actionId: action, task: { try await gate.pass() })
    }
    viewModel.cancelAll()
    #expect(!viewModel.isAnyLoading)
    for run in runs { await run.value }
    #expect(gate.arrivalCount <= 3)
  }

  @Test func releasingTheViewModelCancelsItsWorkInFlight() async {
    let gate = Gate()
    var viewModel: TestViewModel? = TestViewModel()
    weak let weakViewModel = viewModel
    let run = viewModel!.dispatch(
      actionId: .load,
      task: { [gate] in
        try await gate.pass()
        return 1
      })
    await gate.arrivals(1)
    viewModel = nil
    #expect(weakViewModel == nil, "the framework must not keep the view model alive")
    await run.value
    #expect(run.isCancelled)
  }

  /// Runs end action by action, oldest first, not in a dictionary's order, which differs between
  /// two view models with the same actions (a replayed test would see another order).
  @Test func cancelAllEndsTheActionWithTheOldestRunFirstEveryTime() async {
    for _ in 0..<5 {
      let viewModel = RowViewModel()
      let gate = Gate()
      // Rows 19 down to 0, then a second run of row 19: row 19 has the oldest run.
      let order = Array((0..<20).reversed()) + [19]
      let runs = order.map { row in
        viewModel.dispatch(actionId: RowAction.row(row), task: { try await gate.pass() })
      }
      viewModel.cancelAll()
      for run in runs { await run.value }
      #expect(viewModel.statusLog.values.allSatisfy { $0 == [true, false] })
      let ended = viewModel.hookLog.filter { $0.hasSuffix(",false)") }
      #expect(ended == (0..<20).reversed().map { "status(row(\($0)),false)" })
    }
  }
}
