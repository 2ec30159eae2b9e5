import ActionDispatch
import ActionDispatchTesting
import Testing

/// A caller hears that a dispatch was dropped or held (issue 24), under every policy.
@MainActor
@Suite(.serialExecutor) struct DroppedAndHeldTests {
  /// What `On(.search)` heard, in order.
  final class Heard {
    var phases: [String] = []
  }

  /// Dispatches twice while the first run is in flight, and returns what `On(.search)` heard.
  func twoDispatches(_ policy: DispatchPolicy) async -> [String] {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    let heard = Heard()
    let token = viewModel.observe {
      On(TestAction.search)
        .started { heard.phases.append("started") }
        .held { heard.phases.append("held") }
        .dropped { heard.phases.append("dropped") }
        .cancelled { heard.phases.append("cancelled") }
        .succeeded { heard.phases.append("succeeded") }
    }
    defer { token.cancel() }
    let gate = Gate()
    let first = viewModel.dispatch(actionId: .search, policy: policy, task: { try await gate.pass() })
    let second = viewModel.dispatch(actionId: .search, policy: policy, task: { try await gate.pass() })
    gate.open()
    await first.value
    if case .debounce(let quiet) = policy {
      await clock.waitForSleepers(1)
      await clock.advance(by: quiet)
    }
    if case .throttle(let interval) = policy {
      await clock.waitForSleepers(1)
      await clock.advance(by: interval)
    }
    await second.value
    return heard.phases
  }

  @Test func noPolicyButIgnoreWhileRunningAndThrottleDropsOrHolds() async {
    #expect(await twoDispatches(.concurrent) == ["started", "started", "succeeded", "succeeded"])
    #expect(await twoDispatches(.cancelPrevious) == ["started", "started", "cancelled", "succeeded"])
    #expect(await twoDispatches(.enqueue) == ["started", "started", "succeeded", "succeeded"])
    #expect(await twoDispatches(.debounce(.seconds(1))) == ["started", "started", "cancelled", "succeeded"])
  }

  @Test func ignoreWhileRunningTellsTheCallerItDroppedTheDispatch() async {
    #expect(await twoDispatches(.ignoreWhileRunning) == ["started", "dropped", "succeeded"])
  }

  @Test func throttleTellsTheCallerItHeldTheDispatchThenStartedIt() async {
    #expect(await twoDispatches(.throttle(.seconds(1))) == ["started", "held", "succeeded", "started", "succeeded"])
  }

  @Test func throttleTellsTheCallerAReplacedHeldDispatchWasDropped() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    let heard = Heard()
    let token = viewModel.observe {
      On(TestAction.search)
        .held { heard.phases.append("held") }
        .dropped { heard.phases.append("dropped") }
    }
    defer { token.cancel() }
    await viewModel.dispatch(actionId: .search, policy: .throttle(.seconds(1)), task: { 1 }).value
    let replaced = viewModel.dispatch(actionId: .search, policy: .throttle(.seconds(1)), task: { 2 })
    let cancelled = viewModel.dispatch(actionId: .search, policy: .throttle(.seconds(1)), task: { 3 })
    await replaced.value
    #expect(heard.phases == ["held", "dropped", "held"])
    cancelled.cancel()
    await cancelled.value
    #expect(heard.phases == ["held", "dropped", "held", "dropped"])
  }
}
