import ActionDispatch
import ActionDispatchTesting
import Testing

/// `dispatchAndWait`: "when the view goes away and SwiftUI cancels its task, the run ends as
/// cancelled at once and delivers nothing"; `LoadingIndicator`: shown after `delay`, then "stays
/// `true` for at least `minimumDuration`"; `.throttle`: a held dispatch "is not a run yet".
@MainActor
extension WaitingTests {
  @Test func cancellingTheTaskThatAwaitsDispatchAndWaitEndsTheRunAtOnceThoughItsWorkIgnoresIt() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let delivered = AdvBox(false)
    let waiter = Task { @MainActor in
      await viewModel.dispatchAndWait(
        actionId: .a,
        task: { () async -> Int in
          await gate.passIgnoringCancellation()
          return 1
        }, onSuccess: { _, _ in delivered.value = true })
    }
    await gate.arrivals(1)

    waiter.cancel()
    // The run ends on the main actor's next turn: await that end, not a number of turns. The
    // work is still held at the gate, so the end cannot have come from the work returning.
    await listeners.heard(.cancelled, of: .a)

    #expect(!viewModel.isLoading(for: .a), "cancelling the waiting task did not end the run at once")
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .cancelled])
    gate.open()
    await waiter.value  // it awaits the run's task: a run delivers, if ever, before that completes
    #expect(!delivered.value)
    #expect(listeners.violations() == [])
  }

  @Test func aThousandKeyedRowsShowTheirIndicatorForTheMinimumAndThenHoldNothing() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(
      clock: clock,
      loadingIndicator: LoadingIndicator(delay: .milliseconds(100), minimumDuration: .milliseconds(500)))
    let gate = Gate()
    let count = 1_000
    let runs = (0..<count).map { row in viewModel.dispatch(actionId: .row(row), task: { try await gate.pass() }) }
    await gate.arrivals(count)
    #expect((0..<count).allSatisfy { !viewModel.isShowingLoading(for: .row($0)) })

    await clock.advance(by: .milliseconds(100))
    #expect((0..<count).allSatisfy { viewModel.isShowingLoading(for: .row($0)) })
    gate.open()
    for run in runs { await run.value }
    #expect((0..<count).allSatisfy { !viewModel.isLoading(for: .row($0)) })
    #expect((0..<count).allSatisfy { viewModel.isShowingLoading(for: .row($0)) }, "hidden before the minimum")

    let reader = InvalidationCounter { _ = viewModel.isShowingLoading(for: .row(5)) }
    await clock.advance(to: .init(offset: .milliseconds(599)))
    #expect(viewModel.isShowingLoading(for: .row(5)))
    await clock.advance(to: .init(offset: .milliseconds(600)))
    #expect(reader.count == 1, "the reader of row 5's indicator was not told it hid")
    #expect((0..<count).allSatisfy { !viewModel.isShowingLoading(for: .row($0)) })
    #expect(clock.sleeperCount == 0)

    let again = viewModel.dispatch(actionId: .row(5), task: { 1 })
    await again.value
    #expect(!viewModel.isShowingLoading(for: .row(5)), "a load shorter than the delay showed")
  }

  @Test func cancellingAThrottledRunFromItsStartedHandlerLetsTheHeldDispatchStartAtTheIntervalEnd() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let executed = AdvBox<[Int]>([])
    let cancelledOnce = AdvBox(false)
    let token = viewModel.observe {
      On(.a).started { [weak viewModel] in
        guard !cancelledOnce.value else { return }
        cancelledOnce.value = true
        viewModel?.cancel(.a)
      }
    }
    listeners.attachLate()

    let first = viewModel.dispatch(
      actionId: .a, policy: .throttle(.seconds(1)), task: { executed.value.append(1) })
    let held = viewModel.dispatch(
      actionId: .a, policy: .throttle(.seconds(1)), task: { executed.value.append(2) })
    #expect(!viewModel.isLoading(for: .a), "a held dispatch made the action loading")
    await first.value
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await held.value

    #expect(executed.value == [2])
    #expect(listeners.perRun(listeners.late, of: .a) == [[.started, .cancelled], [.started, .succeeded]])
    #expect(listeners.violations() == [])
    #expect(viewModel.statusLog[.a] == [true, false, true, false])
    token.cancel()
  }
}
