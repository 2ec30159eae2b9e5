import ActionDispatch
import ActionDispatchTesting
import Testing

/// DispatchPolicy.throttle: "A held dispatch is not a run yet … when the interval ends, the latest
/// held dispatch starts"; `cancelAll()` drops it.
@MainActor
extension ThrottleTests {
  @Test func aGroupMemberHeldByThrottleStartsAtTheIntervalEndAndIsReportedSucceeded() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let starts = AdvBox<[String]>([])
    let group = Task { @MainActor in
      await viewModel.dispatchGroup([
        GroupedAction(
          .a, policy: .throttle(.seconds(1)),
          task: { () async throws -> Int in
            starts.value.append("first@\(clock.now.offset)")
            return 1
          }),
        GroupedAction(
          .a, policy: .throttle(.seconds(1)),
          task: { () async throws -> Int in
            starts.value.append("held@\(clock.now.offset)")
            return 2
          }),
      ])
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    let result = await group.value
    #expect(result == DispatchGroupResult(succeeded: [.a, .a]))
    #expect(starts.value == ["first@0.0 seconds", "held@1.0 seconds"])
    #expect(listeners.violations() == [])
  }

  @Test func cancelAllDropsAThrottleHeldDispatchAndCompletesItsTask() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let ran = AdvBox(0)
    let first = viewModel.dispatch(
      actionId: .a, policy: .throttle(.seconds(1)),
      task: { () async throws -> Int in
        ran.value += 1
        return 1
      })
    await first.value
    let held = viewModel.dispatch(
      actionId: .a, policy: .throttle(.seconds(1)),
      task: { () async throws -> Int in
        ran.value += 1
        return 2
      })
    viewModel.cancelAll()
    await held.value
    await clock.run()
    #expect(ran.value == 1)
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .succeeded, .dropped])
    #expect(listeners.violations() == [])
  }
}
