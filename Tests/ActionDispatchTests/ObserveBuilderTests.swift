import ActionDispatch
import ActionDispatchTesting
import Testing

@MainActor
@Suite(.serialExecutor) struct ObserveBuilderTests {
  @Test func handlersRunInLifecycleOrder() async {
    let viewModel = TestViewModel()
    var log: [String] = []
    let token = viewModel.observe {
      On(.load)
        .started { log.append("started") }
        .succeeded { (value: Int) in log.append("succeeded(\(value))") }
        .failed { _ in log.append("failed") }
        .finished { log.append("finished(loading: \(viewModel.isLoading(for: .load)))") }
      On(.save).failed { error in log.append("save failed: \(error)") }
    }
    await viewModel.dispatch(actionId: .load, task: { 5 }).value
    await viewModel.dispatch(actionId: .save, task: { () async throws -> Int in throw TestError() }).value
    #expect(log == ["started", "succeeded(5)", "finished(loading: false)", "save failed: Something broke. Try again."])
    token.cancel()
  }

  @Test func droppingTheTokenStopsTheHandlers() async {
    let viewModel = TestViewModel()
    var calls = 0
    var token: ObservationToken? = viewModel.observe { On(.load).finished { calls += 1 } }
    await viewModel.dispatch(actionId: .load, task: { 1 }).value
    #expect(token != nil)
    token = nil
    await viewModel.dispatch(actionId: .load, task: { 1 }).value
    #expect(calls == 1)
  }

  @Test func cancellingTheTokenStopsTheHandlers() async {
    let viewModel = TestViewModel()
    var calls = 0
    let token = viewModel.observe { On(.load).started { calls += 1 } }
    token.cancel()
    await viewModel.dispatch(actionId: .load, task: { 1 }).value
    #expect(calls == 0)
    #expect(token.isCancelled)
  }

  @Test func resultOfAnUnexpectedTypeIsReportedNotDropped() async {
    let viewModel = TestViewModel()
    var failures: [String] = []
    var delivered = false
    let token = viewModel.observe {
      On(.load)
        .succeeded { (_: String) in delivered = true }
        .failed { error in failures.append("\(error)") }
    }
    await viewModel.dispatch(actionId: .load, task: { 5 }).value
    #expect(!delivered)
    #expect(
      failures == [
        "On(.load).succeeded expects Swift.String, but the action delivered Swift.Int. Change the handler's type to Swift.Int."
      ])
    token.cancel()
  }

  @Test func cancelledRunsReachTheCancelledHandler() async {
    let viewModel = TestViewModel()
    var log: [String] = []
    let token = viewModel.observe {
      On(.search).cancelled { log.append("cancelled") }.finished { log.append("finished") }
    }
    let gate = Gate()
    let run = viewModel.dispatch(actionId: .search, task: { try await gate.pass() })
    viewModel.cancel(.search)
    await run.value
    #expect(log == ["cancelled", "finished"])
    token.cancel()
  }

  @Test func builderSupportsConditionsAndLoops() async {
    let viewModel = TestViewModel()
    var started: [TestAction] = []
    let includeSave = false
    let token = viewModel.observe {
      for action in [TestAction.load, .search] {
        On(action).started { started.append(action) }
      }
      if includeSave {
        On(.save).started { started.append(.save) }
      }
    }
    for action in TestAction.allCases { await viewModel.dispatch(actionId: action, task: { 1 }).value }
    #expect(started == [.load, .search])
    token.cancel()
  }
}
