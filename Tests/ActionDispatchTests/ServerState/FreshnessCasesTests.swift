import ActionDispatch
import ActionDispatchTesting
import Testing

/// `staleTime:` against every way a run ends, the force, invalidation in flight, and callbacks
/// that re-enter.
@MainActor
@Suite(.serialExecutor) struct FreshnessCasesTests {
  private let window = Duration.seconds(60)

  @Test func aCancelledRunNeverMakesTheActionFresh() async {
    let viewModel = TestViewModel(clock: TestClock())
    var calls = 0
    let gate = Gate()
    let cancelled = viewModel.dispatch(
      actionId: .load, staleTime: window,
      task: {
        calls += 1
        try await gate.pass()
      })
    await gate.arrivals(1)
    cancelled.cancel()
    await cancelled.value
    await viewModel.dispatch(actionId: .load, staleTime: window, task: { calls += 1 }).value
    #expect(calls == 2)
  }

  @Test func aSupersededRunNeverMakesTheActionFresh() async {
    let viewModel = TestViewModel(clock: TestClock())
    let recorder = EventRecorder(viewModel)
    let gate = Gate()
    let older = viewModel.dispatch(
      actionId: .load, staleTime: window,
      task: {
        await gate.passIgnoringCancellation()
        return 1
      })
    viewModel.dispatch(actionId: .save, supersedes: [.load], task: { 2 })
    gate.open()
    await older.value
    await viewModel.dispatch(actionId: .load, staleTime: window, task: { 3 }).value
    #expect(
      recorder.events.filter { $0.actionId == .load } == [
        .started(.load), .cancelled(.load), .started(.load), .succeeded(.load),
      ])
  }

  @Test func aTimedOutRunNeverMakesTheActionFresh() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    var calls = 0
    let gate = Gate()
    let slow = viewModel.dispatch(
      actionId: .load, staleTime: window, timeout: .seconds(1),
      task: {
        calls += 1
        try await gate.pass()
      })
    await clock.advance(by: .seconds(1))
    await slow.value
    await viewModel.dispatch(actionId: .load, staleTime: window, task: { calls += 1 }).value
    #expect(calls == 2)
  }

  @Test func aDispatchWithoutStaleTimeAlwaysRunsAndItsSuccessMakesTheActionFresh() async {
    let viewModel = TestViewModel(clock: TestClock())
    var calls = 0
    func load(force: Bool) async {
      await viewModel.dispatch(actionId: .load, staleTime: force ? nil : window, task: { calls += 1 }).value
    }
    await load(force: false)
    await load(force: true)
    #expect(calls == 2, "the forced dispatch ran within the window")
    await load(force: false)
    #expect(calls == 2, "and its success made the action fresh")
  }

  @Test func aRunInFlightWhenItsActionIsInvalidatedDeliversButLeavesItStale() async {
    let viewModel = TestViewModel(clock: TestClock())
    let gate = Gate()
    var delivered = 0
    var calls = 0
    let run = viewModel.dispatch(
      actionId: .load, staleTime: window,
      task: {
        calls += 1
        try await gate.pass()
      }
    ) { _, _ in delivered += 1 }
    await gate.arrivals(1)
    viewModel.invalidate(.load)
    gate.open()
    await run.value
    #expect(delivered == 1)
    await viewModel.dispatch(actionId: .load, staleTime: window, task: { calls += 1 }).value
    #expect(calls == 2, "its result may predate what invalidated it")
  }

  @Test func aSuccessClosureThatDispatchesTheActionAgainFindsItFresh() async {
    let viewModel = TestViewModel(clock: TestClock())
    let recorder = EventRecorder(viewModel)
    var calls = 0
    var inner: Task<Void, Never>?
    await viewModel.dispatch(actionId: .load, staleTime: window, task: { calls += 1 }) { viewModel, _ in
      inner = viewModel.dispatch(actionId: .load, staleTime: self.window, task: { calls += 1 })
    }.value
    await inner?.value
    #expect(calls == 1)
    // The fresh answer is heard after the success being delivered, as every re-entrant dispatch is.
    #expect(recorder.events == [.started(.load), .succeeded(.load), .fresh(.load)])
  }

  @Test func anOnHandlerThatInvalidatesMakesTheNextDispatchRun() async {
    let viewModel = TestViewModel(clock: TestClock())
    var calls = 0
    let token = viewModel.observe {
      On(.save).succeeded { (_: Void) in viewModel.invalidate(.load) }
    }
    await viewModel.dispatch(actionId: .load, staleTime: window, task: { calls += 1 }).value
    await viewModel.dispatch(actionId: .save, task: {}).value
    await viewModel.dispatch(actionId: .load, staleTime: window, task: { calls += 1 }).value
    #expect(calls == 2)
    withExtendedLifetime(token) {}
  }

  @Test func invalidateWhereMakesOnlyTheActionsItPicksStale() async {
    let viewModel = RowViewModel(clock: TestClock())
    var calls: [Int] = []
    func load(_ row: Int) async {
      await viewModel.dispatch(actionId: .row(row), staleTime: .seconds(60), task: { calls.append(row) }).value
    }
    for row in 0..<4 { await load(row) }
    viewModel.invalidate { if case .row(let row) = $0 { row.isMultiple(of: 2) } else { false } }
    for row in 0..<4 { await load(row) }
    #expect(calls == [0, 1, 2, 3, 0, 2])
  }

  @Test func aFreshDispatchIsAnsweredWhileARunIsInFlightTooAndTheRunsSuccessRenewsTheMark() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    let gate = Gate()
    var calls = 0
    await viewModel.dispatch(actionId: .load, staleTime: window, task: { calls += 1 }).value
    await clock.advance(by: .seconds(50))
    let refresh = viewModel.dispatch(
      actionId: .load,
      task: {
        calls += 1
        try await gate.pass()
      })
    await gate.arrivals(1)
    await viewModel.dispatch(actionId: .load, staleTime: window, task: { calls += 1 }).value
    #expect(calls == 2, "fresh whatever runs are in flight")
    gate.open()
    await refresh.value
    await clock.advance(by: .seconds(50))
    await viewModel.dispatch(actionId: .load, staleTime: window, task: { calls += 1 }).value
    #expect(calls == 2, "the refresh's success renewed the mark 50 s ago")
  }

  @Test func marksAreForgottenOnceNoDispatchCanFindThemFresh() async {
    let clock = TestClock()
    let viewModel = RowViewModel(clock: clock)
    for row in 0..<100 {
      await viewModel.dispatch(actionId: .row(row), staleTime: .seconds(10), task: {}).value
      await clock.advance(by: .milliseconds(50))
    }
    #expect(viewModel.freshMarkCount == 100)
    await clock.advance(by: .seconds(4))
    #expect(viewModel.freshMarkCount == 100, "the first mark is 9 s old")
    await clock.advance(by: .seconds(3))
    // Swept at 10 s (the mark made at 0 s) and 11.25 s (an eighth of the window later: those
    // made by 1.25 s): 26 gone, the oldest first.
    #expect(viewModel.freshMarkCount == 74)
    await clock.advance(by: .seconds(10))
    #expect(viewModel.freshMarkCount == 0)
  }

  @Test func aFreshDispatchInAGroupCountsAsSucceeded() async {
    let viewModel = TestViewModel(clock: TestClock())
    await viewModel.dispatch(actionId: .load, staleTime: window, task: {}).value
    let result = await viewModel.dispatchGroup([GroupedAction(.load, task: {})])
    #expect(result.succeeded == [.load], "a plain member ran")
    #expect(!viewModel.isLoading(for: .load))
  }
}

extension FreshnessCasesTests {
  /// Found by the schedule worlds: a dispatch `.throttle` held, answered fresh when its window
  /// closed, left its action's state behind.
  @Test func aHeldThrottledDispatchAnsweredFreshLeavesNoState() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    let gate = Gate()
    let first = viewModel.dispatch(
      actionId: .load, policy: .throttle(.seconds(1)), staleTime: window, task: { try await gate.pass() })
    let held = viewModel.dispatch(actionId: .load, policy: .throttle(.seconds(1)), staleTime: window, task: {})
    gate.open()
    await first.value
    await clock.advance(by: .seconds(1))
    await held.value
    #expect(viewModel.actionsWithState == 0)
  }
}

/// Each action's fresh mark is kept for its own stale time, not the longest the view model was
/// ever given (issue 37, item 7): a shorter one goes when its own window passes.
@MainActor
@Suite(.serialExecutor) struct FreshMarkRetentionTests {
  let clock = TestClock()

  @Test func aMarkGoesAfterItsOwnStaleTimeNotTheLongest() async {
    let viewModel = TestViewModel(clock: clock)
    await viewModel.dispatch(actionId: .load, staleTime: .seconds(600), task: {}).value
    await viewModel.dispatch(actionId: .save, staleTime: .seconds(10), task: {}).value
    #expect(viewModel.freshMarkCount == 2)
    await clock.advance(by: .seconds(12))
    #expect(viewModel.freshMarkCount == 1, "save's mark went after its own 10 s, not load's 600")
    await clock.advance(by: .seconds(600))
    #expect(viewModel.freshMarkCount == 0)
  }

  @Test func aShorterMarkStillAnswersFreshWithinItsTime() async {
    let viewModel = TestViewModel(clock: clock)
    var runs = 0
    await viewModel.dispatch(actionId: .load, staleTime: .seconds(600), task: {}).value
    await viewModel.dispatch(actionId: .save, staleTime: .seconds(10), task: { runs += 1 }).value
    await clock.advance(by: .seconds(9))
    await viewModel.dispatch(actionId: .save, staleTime: .seconds(10), task: { runs += 1 }).value
    #expect(runs == 1, "fresh for 10 s")
    await clock.advance(by: .seconds(1))
    await viewModel.dispatch(actionId: .save, staleTime: .seconds(10), task: { runs += 1 }).value
    #expect(runs == 2)
  }

  @Test func anActionGivenTheLongestTimeLaterKeepsItsMarkThatLong() async {
    let viewModel = TestViewModel(clock: clock)
    await viewModel.dispatch(actionId: .load, staleTime: .seconds(600), task: {}).value
    await viewModel.dispatch(actionId: .save, staleTime: .seconds(10), task: {}).value
    await viewModel.dispatch(actionId: .save, staleTime: .seconds(600), task: {}).value  // fresh: no run
    await viewModel.dispatch(actionId: .save, task: {}).value  // a refresh: marks again
    await clock.advance(by: .seconds(100))
    #expect(viewModel.freshMarkCount == 2, "save asked for 600 s last: kept that long")
  }
}
