import ActionDispatch
import ActionDispatchTesting
import Testing

/// Issue 31, item 4: an early return written `return drop(.action)` is heard as a policy's drop.
@MainActor
@Suite(.serialExecutor) struct EarlyReturnDropTests {
  @Test func anEarlyReturnIsHeardAsDroppedLikeAPolicysDrop() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    let gate = Gate()
    let first = viewModel.dispatch(actionId: .save, policy: .ignoreWhileRunning, task: { try await gate.pass() })
    await viewModel.dispatch(actionId: .save, policy: .ignoreWhileRunning, task: {}).value
    gate.open()
    await first.value
    let byPolicy = recorder.events
    recorder.reset()
    viewModel.log.removeAll()

    let early = viewModel.drop(.load)
    await early.value

    #expect(byPolicy == [.started(.save), .dropped(.save), .succeeded(.save)])
    #expect(recorder.events == [.dropped(.load)])
    #expect(!viewModel.isLoading(for: .load))
    #expect(viewModel.log.isEmpty)  // no hook, not even the loading one
  }

  @Test func aDropTakesARunNumberOfItsOwnAndLeavesTheErrorAlone() async {
    let viewModel = TestViewModel()
    await viewModel.dispatch(actionId: .load, task: { throw TestError() }).value
    let recorder = EventRecorder(viewModel)

    viewModel.drop(.load)
    await viewModel.dispatch(actionId: .search, task: {}).value

    #expect(recorder.rawEvents.map(\.run) == [2, 3, 3])
    #expect(viewModel.errorMessage(for: .load) == TestError().message)
  }

  @Test func anOnObserverHearsTheEarlyReturnsDrop() {
    let viewModel = TestViewModel()
    var heard: [String] = []
    let token = viewModel.observe {
      On(TestAction.load).dropped { heard.append("dropped") }.started { heard.append("started") }
    }
    viewModel.drop(.load)
    token.cancel()
    #expect(heard == ["dropped"])
  }
}
