import ActionDispatch
import ActionDispatchTesting
import Testing

/// Re-entrancy from `onSuccess` closures, and callbacks that drop or cancel their token or release
/// the view model: every run still ends exactly once, a cancelled run never delivers.
@MainActor
@Suite(.serialExecutor) struct ReentrantEffectsTests {
  @Test func dispatchFromAnOnSuccessClosureKeepsEveryRunInLifecycleOrder() async {
    let viewModel = RowViewModel()
    let harness = ListenerHarness(viewModel, observing: [.a, .b])
    var second: Task<Void, Never>?
    await viewModel.dispatch(actionId: .a, task: { 1 }) { _, _ in
      second = viewModel.dispatch(actionId: .b, task: { 2 })
    }.value
    await second?.value
    #expect(LifecycleInvariants.violations(in: harness.log, idle: true) == [])
    #expect(harness.seen(by: .events).filter { $0.hasPrefix("a.") } == ["a.started", "a.succeeded"])
    #expect(harness.seen(by: .events).filter { $0.hasPrefix("b.") } == ["b.started", "b.succeeded"])
  }

  @Test func cancellingItsOwnActionInsideOnSuccessLeavesTheDeliveredRunSucceededOnce() async {
    let viewModel = RowViewModel()
    let harness = ListenerHarness(viewModel, observing: [.a])
    var deliveries = 0
    await viewModel.dispatch(actionId: .a, task: { 1 }) { _, _ in
      deliveries += 1
      viewModel.cancel(.a)
    }.value
    #expect(deliveries == 1)
    #expect(harness.seen(by: .events) == ["a.started", "a.succeeded"], "a delivered run must end as succeeded")
    #expect(LifecycleInvariants.violations(in: harness.log, idle: true) == [])
  }

  @Test func cancelAllInsideOnSuccessCancelsTheOthersWhichNeverDeliver() async {
    let viewModel = RowViewModel()
    let harness = ListenerHarness(viewModel, observing: [.a, .b])
    let gate = Gate()
    var delivered: [String] = []
    let other = viewModel.dispatch(
      actionId: .b,
      task: {
        await gate.passIgnoringCancellation()
        return 2
      }
    ) { _, _ in delivered.append("b") }
    await viewModel.dispatch(actionId: .a, task: { 1 }) { _, _ in
      delivered.append("a")
      viewModel.cancelAll()
    }.value
    gate.open()
    await other.value
    #expect(delivered == ["a"])
    #expect(harness.seen(by: .events).filter { $0.hasPrefix("b.") } == ["b.started", "b.cancelled"])
    #expect(LifecycleInvariants.violations(in: harness.log, idle: true) == [])
  }

  @Test func droppingTheTokenInsideAStartedHandlerStopsTheRestOfThatOn() async {
    let viewModel = RowViewModel()
    let harness = ListenerHarness(viewModel, observing: [.a])
    harness.react = { [unowned harness] entry in
      if entry.key == "on:a.started" { harness.onToken = nil }
    }
    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    #expect(harness.seen(by: .on) == ["a.started"])
    #expect(harness.seen(by: .events) == ["a.started", "a.succeeded"])
    #expect(LifecycleInvariants.violations(in: harness.log, idle: true, onSawEverything: false) == [])
  }

  @Test func cancellingTheEventsTokenInsideItsHandlerStopsItButNotTheOthers() async {
    let viewModel = RowViewModel()
    let harness = ListenerHarness(viewModel, observing: [.a])
    harness.react = { [unowned harness] entry in
      if entry.key == "events:a.started" { harness.eventsToken?.cancel() }
    }
    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    #expect(harness.seen(by: .events) == ["a.started"])
    #expect(harness.seen(by: .on) == ["a.started", "a.succeeded", "a.finished"])
  }

  @Test func releasingTheViewModelFromAHandlerFreesItAndCancelsItsOtherWork() async {
    var viewModel: RowViewModel? = RowViewModel()
    weak let released = viewModel
    let harness = ListenerHarness(viewModel!, observing: [.a, .b])
    harness.react = { entry in
      if entry.key == "on:b.finished" { viewModel = nil }
    }
    let gate = Gate()
    let probe = LockedState<[String]>([])
    var delivered = false
    let inFlight = viewModel!.dispatch(
      actionId: .a,
      task: {
        do { try await gate.pass() } catch {
          probe.withLock { $0.append("cancelled") }
          throw error
        }
        return 1
      }
    ) { _, _ in delivered = true }
    await gate.arrivals(1)
    let trigger = viewModel!.dispatch(actionId: .b, task: { 2 })
    await trigger.value
    #expect(released == nil, "the view model released from a handler is still alive")
    gate.open()
    await inFlight.value
    #expect(probe.withLock { $0 } == ["cancelled"])
    #expect(!delivered)
    #expect(LifecycleInvariants.violations(in: harness.log, idle: false) == [])
  }
}
