import ActionDispatch
import ActionDispatchTesting
import Testing

@MainActor
@Suite(.serialExecutor) struct JoinRunningTests {
  @Test func aDispatchWhileARunIsInFlightJoinsItAndSharesItsValue() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    let gate = Gate()
    var calls = 0
    var received: [String] = []
    let work: @MainActor () async throws -> Int = {
      calls += 1
      try await gate.pass()
      return 7
    }
    let first = viewModel.dispatch(actionId: .load, policy: .joinRunning, task: work) { _, value in
      received.append("first \(value)")
    }
    let second = viewModel.dispatch(actionId: .load, policy: .joinRunning, task: work) { _, value in
      received.append("second \(value)")
    }
    await gate.arrivals(1)
    gate.open()
    await second.value
    #expect(received == ["first 7", "second 7"], "each caller's closure once, in dispatch order, before its task ends")
    await first.value
    #expect(calls == 1)
    #expect(recorder.events == [.started(.load), .joined(.load), .succeeded(.load)])
    #expect(!viewModel.isLoading(for: .load))
  }

  @Test func aFailureReachesEveryCallersFailureClosure() async {
    let viewModel = TestViewModel()
    let gate = Gate()
    var failures: [String] = []
    let work: @MainActor () async throws -> Int = {
      try await gate.pass()
      throw TestError()
    }
    let first = viewModel.dispatch(
      actionId: .load, policy: .joinRunning, task: work, onFailure: { _, _ in failures.append("first") })
    let second = viewModel.dispatch(
      actionId: .load, policy: .joinRunning, task: work, onFailure: { _, _ in failures.append("second") })
    gate.open()
    await first.value
    await second.value
    #expect(failures == ["first", "second"])
    #expect(viewModel.errorMessage(for: .load) == TestError().message)
  }

  @Test func cancellingOneCallerDetachesItAloneAndTheLastLeavingCancelsTheRun() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    let gate = Gate()
    var received: [String] = []
    let work: @MainActor () async throws -> Int = {
      try await gate.pass()
      return 1
    }
    let first = viewModel.dispatch(actionId: .load, policy: .joinRunning, task: work) { _, _ in received.append("first")
    }
    let second = viewModel.dispatch(actionId: .load, policy: .joinRunning, task: work) { _, _ in
      received.append("second")
    }
    first.cancel()
    await first.value
    #expect(viewModel.isLoading(for: .load), "the run goes on for the second caller")
    second.cancel()
    await second.value
    #expect(!viewModel.isLoading(for: .load), "the last caller left: the run is cancelled")
    gate.open()
    #expect(received.isEmpty)
    #expect(recorder.events == [.started(.load), .joined(.load), .cancelled(.load)])
  }
}
