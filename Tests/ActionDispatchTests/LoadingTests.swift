import ActionDispatch
import ActionDispatchTesting
import Testing

@MainActor
@Suite(.serialExecutor) struct LoadingTests {
  @Test func loadingIsVisibleAsSoonAsDispatchReturns() async {
    let viewModel = TestViewModel()
    let run = viewModel.dispatch(actionId: .load, task: { 1 })
    #expect(viewModel.isLoading(for: .load))
    #expect(viewModel.isAnyLoading)
    #expect(!viewModel.isLoading(for: .save))
    await run.value
    #expect(!viewModel.isLoading(for: .load))
    #expect(!viewModel.isAnyLoading)
  }

  @Test func statusUpdateFiresOnceOnEachTransition() async {
    let viewModel = TestViewModel()
    let gate = Gate()
    let first = viewModel.dispatch(actionId: .load, task: { try await gate.pass() })
    let second = viewModel.dispatch(actionId: .load, task: { try await gate.pass() })
    gate.open()
    await first.value
    await second.value
    #expect(viewModel.log.filter { $0.hasPrefix("status") } == ["status(load, true)", "status(load, false)"])
  }

  @Test func concurrentRunsKeepLoadingUntilTheLastEnds() async {
    let viewModel = TestViewModel()
    let slow = Gate()
    let fast = viewModel.dispatch(actionId: .load, task: { 1 })
    let pending = viewModel.dispatch(
      actionId: .load,
      task: {
        try await slow.pass()
        return 2
      })
    await fast.value
    #expect(viewModel.isLoading(for: .load), "the first run to finish must not hide the second's spinner")
    slow.open()
    await pending.value
    #expect(!viewModel.isLoading(for: .load))
  }

  @Test func orderForASuccessfulRun() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    await viewModel.dispatch(actionId: .load, task: { "ok" }) { _, _ in viewModel.log.append("closure") }.value
    #expect(viewModel.log == ["status(load, true)", "closure", "hook.onSuccess(load, ok)", "status(load, false)"])
    #expect(recorder.events == [.started(.load), .succeeded(.load)])
  }

  @Test func orderForAFailedRun() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    let token = viewModel.observe {
      On(.load).failed { _ in viewModel.log.append("observer.failed(loading: \(viewModel.isLoading(for: .load)))") }
    }
    await viewModel.dispatch(actionId: .load, task: { () async throws -> Int in throw TestError() }).value
    #expect(
      viewModel.log == [
        "status(load, true)", "hook.onError(load)", "observer.failed(loading: true)", "status(load, false)",
      ])
    #expect(recorder.events == [.started(.load), .failed(.load)])
    #expect(recorder.errorMessages == ["Something broke. Try again."])
    token.cancel()
  }
}
