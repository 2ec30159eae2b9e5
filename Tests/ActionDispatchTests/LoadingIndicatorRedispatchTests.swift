import ActionDispatch
import ActionDispatchTesting
import Testing

/// ShowingLoading.md: "Loading again during that time keeps it on without a gap".
@MainActor
extension LoadingIndicatorTests {
  @Test func aRedispatchFromTheIdleStatusUpdateKeepsTheIndicatorOnWithoutAGap() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(
      clock: clock, loadingIndicator: LoadingIndicator(delay: .seconds(1), minimumDuration: .seconds(2)))
    let gate = Gate()
    let second = Gate()
    let shown = AdvBox<[Bool]>([])
    let redispatched = AdvBox<Task<Void, Never>?>(nil)
    viewModel.statusHook = { [unowned viewModel] action, loading in
      shown.value.append(viewModel.isShowingLoading(for: action))
      guard !loading, redispatched.value == nil else { return }
      redispatched.value = viewModel.dispatch(
        actionId: action,
        task: { () async throws -> Int in
          try await second.pass()
          return 2
        })
    }
    let first = viewModel.dispatch(
      actionId: .a,
      task: { () async throws -> Int in
        try await gate.pass()
        return 1
      })
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(viewModel.isShowingLoading(for: .a))
    gate.open()
    await first.value
    #expect(viewModel.isLoading(for: .a))
    #expect(viewModel.isShowingLoading(for: .a), "the indicator went off between two loads")
    await clock.advance(by: .seconds(5))
    #expect(viewModel.isShowingLoading(for: .a), "the indicator went off while loading")
    second.open()
    await redispatched.value?.value
    await clock.run()
    #expect(!viewModel.isShowingLoading(for: .a))
    #expect(viewModel.statusLog[.a] == [true, false, true, false])
  }
}
