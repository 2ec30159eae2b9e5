import ActionDispatch
import ActionDispatchTesting
import Testing

@MainActor
@Suite(.serialExecutor) struct FreshnessTests {
  @Test func aDispatchWithinTheStaleTimeAfterASuccessStartsNothing() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    let recorder = EventRecorder(viewModel)
    var calls = 0
    var delivered = 0
    func load() -> Task<Void, Never> {
      viewModel.dispatch(
        actionId: .load, staleTime: .seconds(60),
        task: {
          calls += 1
          return calls
        }
      ) { _, _ in delivered += 1 }
    }
    await load().value
    await load().value
    #expect(calls == 1 && delivered == 1)
    await clock.advance(by: .seconds(60))
    await load().value
    #expect(calls == 2 && delivered == 2, "stale once the window passed")
    #expect(recorder.events == [.started(.load), .succeeded(.load), .fresh(.load), .started(.load), .succeeded(.load)])
  }

  @Test func aFailureNeverMakesAnActionFresh() async {
    let viewModel = TestViewModel(clock: TestClock())
    var calls = 0
    for _ in 0..<2 {
      await viewModel.dispatch(
        actionId: .load, staleTime: .seconds(60),
        task: {
          calls += 1
          throw TestError()
        }
      ).value
    }
    #expect(calls == 2)
  }

  @Test func invalidateMakesAnActionStaleAtOnce() async {
    let viewModel = TestViewModel(clock: TestClock())
    var calls = 0
    func load() async {
      await viewModel.dispatch(actionId: .load, staleTime: .seconds(60), task: { calls += 1 }).value
    }
    await load()
    viewModel.invalidate(.load)
    await load()
    await load()
    viewModel.invalidateAll()
    await load()
    viewModel.invalidate { $0 == .load }
    await load()
    #expect(calls == 4)
  }
}
