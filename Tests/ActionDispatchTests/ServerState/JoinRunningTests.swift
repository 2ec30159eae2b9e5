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

  @Test func cancelOfTheActionEndsTheRunForEveryCaller() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    let gate = Gate()
    var received = 0
    let work: @MainActor () async throws -> Int = {
      try await gate.pass()
      return 1
    }
    let callers = (0..<3).map { _ in
      viewModel.dispatch(actionId: .load, policy: .joinRunning, task: work) { _, _ in received += 1 }
    }
    viewModel.cancel(.load)
    for caller in callers { await caller.value }
    gate.open()
    #expect(received == 0)
    #expect(recorder.events == [.started(.load), .joined(.load), .joined(.load), .cancelled(.load)])
  }

  @Test func dispatchAndWaitReturnsAfterItsOwnClosureRanWithTheSharedResult() async {
    let viewModel = TestViewModel()
    let gate = Gate()
    let work: @MainActor () async throws -> Int = {
      try await gate.pass()
      return 5
    }
    let first = viewModel.dispatch(actionId: .load, policy: .joinRunning, task: work)
    var waited: Int?
    let waiter = Task { @MainActor in
      await viewModel.dispatchAndWait(actionId: .load, policy: .joinRunning, task: work) { _, value in waited = value }
      #expect(waited == 5)
    }
    await gate.arrivals(1)
    gate.open()
    await waiter.value
    await first.value
    #expect(waited == 5)
  }

  @Test func aCallerCancelledBeforeTheResultArrivesIsToldNothing() async {
    let viewModel = TestViewModel()
    var received: [String] = []
    let gate = Gate()
    let work: @MainActor () async throws -> Int = {
      await gate.passIgnoringCancellation()
      return 1
    }
    let first = viewModel.dispatch(actionId: .load, policy: .joinRunning, task: work) { _, _ in received.append("first")
    }
    let second = viewModel.dispatch(actionId: .load, policy: .joinRunning, task: work) { _, _ in
      received.append("second")
    }
    await gate.arrivals(1)
    // The cancel and the result race: the result is delivered before the caller's leaving
    // reaches the main actor, and the caller whose task was cancelled is passed over.
    gate.open()
    second.cancel()
    await first.value
    await second.value
    #expect(received == ["first"])
  }

  @Test func aSupersedingDispatchEndsTheSharedRunForEveryCaller() async {
    let viewModel = TestViewModel()
    let gate = Gate()
    var received: [Int] = []
    let first = viewModel.dispatch(
      actionId: .load, policy: .joinRunning,
      task: {
        try await gate.pass()
        return 1
      }
    ) { _, value in received.append(value) }
    let joiner = viewModel.dispatch(actionId: .load, policy: .joinRunning, task: { 1 }) { _, value in
      received.append(value)
    }
    let newer = viewModel.dispatch(actionId: .load, policy: .cancelPrevious, task: { 2 }) { _, value in
      received.append(value)
    }
    await first.value
    await joiner.value
    await newer.value
    #expect(received == [2])
  }

  @Test func aRunStartedUnderAnotherPolicyIsNotJoined() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    let gate = Gate()
    var calls = 0
    let work: @MainActor () async throws -> Int = {
      calls += 1
      try await gate.pass()
      return calls
    }
    let plain = viewModel.dispatch(actionId: .load, task: work)
    let joining = viewModel.dispatch(actionId: .load, policy: .joinRunning, task: work)
    gate.open()
    await plain.value
    await joining.value
    #expect(calls == 2)
    #expect(recorder.events == [.started(.load), .started(.load), .succeeded(.load), .succeeded(.load)])
  }

  @Test func releasingTheViewModelCompletesEveryCallersTask() async {
    var viewModel: TestViewModel? = TestViewModel()
    let gate = Gate()
    var received = 0
    let work: @MainActor () async throws -> Int = {
      try await gate.pass()
      return 1
    }
    let first = viewModel!.dispatch(actionId: .load, policy: .joinRunning, task: work) { _, _ in received += 1 }
    let second = viewModel!.dispatch(actionId: .load, policy: .joinRunning, task: work) { _, _ in received += 1 }
    await gate.arrivals(1)
    viewModel = nil
    await first.value
    await second.value
    #expect(received == 0)
  }
}
