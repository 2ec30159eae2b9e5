import ActionDispatch
import ActionDispatchTesting
import Testing

/// A success is recorded whether or not a dispatch gave a `staleTime` before it (issue 37, item
/// 7): `dispatch`'s documentation, "a success made before any dispatch of the view model gave a
/// `staleTime` counts too, for the first 1,024 actions to succeed".
@MainActor
@Suite(.serialExecutor) struct FreshBeforeAStaleTimeTests {
  private let window = Duration.seconds(60)

  @Test func aRefreshWithNoStaleTimeMakesTheNextLoadThatGivesOneFresh() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    let recorder = EventRecorder(viewModel)
    var calls = 0
    await viewModel.dispatch(actionId: .load, task: { calls += 1 }).value
    await clock.advance(by: .seconds(59))
    await viewModel.dispatch(actionId: .load, staleTime: window, task: { calls += 1 }).value
    #expect(calls == 1, "answered from the refresh's success, 59 s ago")
    #expect(recorder.events == [.started(.load), .succeeded(.load), .fresh(.load)])
    await clock.advance(by: .seconds(1))
    await viewModel.dispatch(actionId: .load, staleTime: window, task: { calls += 1 }).value
    #expect(calls == 2, "60 s after it, the action is stale")
  }

  @Test func aFailureOrACancellationBeforeAnyStaleTimeLeavesNothingFresh() async {
    let viewModel = TestViewModel(clock: TestClock())
    var calls = 0
    await viewModel.dispatch(actionId: .load, task: { throw TestError() }).value
    let gate = Gate()
    let cancelled = viewModel.dispatch(actionId: .save, task: { try await gate.pass() })
    await gate.arrivals(1)
    cancelled.cancel()
    await cancelled.value
    await viewModel.dispatch(actionId: .load, staleTime: window, task: { calls += 1 }).value
    await viewModel.dispatch(actionId: .save, staleTime: window, task: { calls += 1 }).value
    #expect(calls == 2)
  }

  @Test func anInvalidationForgetsASuccessMadeBeforeAnyStaleTime() async {
    let viewModel = TestViewModel(clock: TestClock())
    var calls = 0
    await viewModel.dispatch(actionId: .load, task: { calls += 1 }).value
    await viewModel.dispatch(actionId: .save, task: { calls += 1 }).value
    viewModel.invalidate(.load)
    await viewModel.dispatch(actionId: .load, staleTime: window, task: { calls += 1 }).value
    #expect(calls == 3, "invalidated: runs")
    viewModel.invalidateAll()
    await viewModel.dispatch(actionId: .save, staleTime: window, task: { calls += 1 }).value
    #expect(calls == 4, "invalidated with every action: runs")
  }

  @Test func aRunInvalidatedInFlightBeforeAnyStaleTimeRecordsNothing() async {
    let viewModel = TestViewModel(clock: TestClock())
    var calls = 0
    let gate = Gate()
    let refresh = viewModel.dispatch(
      actionId: .load,
      task: {
        calls += 1
        await gate.passIgnoringCancellation()
      })
    await gate.arrivals(1)
    viewModel.invalidate(.load)
    gate.open()
    await refresh.value
    await viewModel.dispatch(actionId: .load, staleTime: window, task: { calls += 1 }).value
    #expect(calls == 2)
  }

  @Test func theFirst1024ActionsToSucceedAreRecordedAndTheRestRunWhenAsked() async {
    let clock = TestClock()
    let viewModel = RowViewModel(clock: clock)
    for row in 0..<1_100 { await viewModel.dispatch(actionId: .row(row), task: {}).value }
    #expect(viewModel.freshMarkCount == 1_024, "bounded: the first 1,024 actions")
    var ran: [Int] = []
    for row in [0, 1_023, 1_024, 1_099] {
      await viewModel.dispatch(actionId: .row(row), staleTime: window, task: { ran.append(row) }).value
    }
    #expect(ran == [1_024, 1_099])
  }

  @Test func marksMadeBeforeAnyStaleTimeAreSweptOnceOneIsGivenAndTheirTimePassed() async {
    let clock = TestClock()
    let viewModel = RowViewModel(clock: clock)
    for row in 0..<10 { await viewModel.dispatch(actionId: .row(row), task: {}).value }
    await clock.advance(by: .seconds(3_600))
    #expect(viewModel.freshMarkCount == 10, "kept, unswept, until a dispatch gives a stale time")
    var calls = 0
    await viewModel.dispatch(actionId: .row(0), staleTime: window, task: { calls += 1 }).value
    #expect(calls == 1, "an hour old: stale")
    await clock.advance(by: .milliseconds(1))
    #expect(viewModel.freshMarkCount == 1, "the nine others swept; row 0 marked again")
    await clock.advance(by: .seconds(61))
    #expect(viewModel.freshMarkCount == 0)
  }
}
