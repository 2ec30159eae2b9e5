import ActionDispatch
import ActionDispatchTesting
import Testing

/// `waitUntilIdle(_:limit:)`: "Waits until the action has no run in flight"; `waitUntilAllIdle`:
/// "Waits until no action has a run in flight"; `waitUntil`: "Checked now and after every event";
/// "throws ``WaitTimeoutError`` instead of hanging when the action never settles"
/// (TestingAViewModel.md). `EventRecorder`: "once a run's task has been awaited, all of its
/// events are here"; "it is not retained".
@MainActor
@Suite(.serialExecutor) struct WaitingTests {
  /// Starts `wait` in a task of its own and returns once it is waiting (it registered its
  /// listener synchronously before suspending, on the main actor), with the task; the task
  /// returns whether anything was loading at the moment the wait returned.
  private func startWaiting(
    _ viewModel: AdvViewModel, _ wait: @escaping @MainActor () async throws -> Void
  ) async -> Task<Bool, any Error> {
    let box = AdvBox<CheckedContinuation<Void, Never>?>(nil)
    let task = Task { @MainActor in
      while box.value == nil { await Task.yield() }
      box.value?.resume()
      try await wait()
      return viewModel.isAnyLoading
    }
    await withCheckedContinuation { box.value = $0 }
    return task
  }

  /// What a `finished` handler of `.a`'s first run dispatches, and the wait that must not return
  /// before that run ends.
  enum FollowUp: String, CaseIterable, CustomTestStringConvertible {
    case anotherActionWhileWaitingForAll
    case theSameActionWhileWaitingForIt
    var testDescription: String { rawValue }
  }

  @Test(arguments: FollowUp.allCases)
  func aWaitDoesNotReturnWhileAFinishedHandlerHasDispatchedTheNextRun(_ followUp: FollowUp) async throws {
    let viewModel = AdvViewModel()
    let first = Gate()
    let second = Gate()
    let next: AdvAction = followUp == .anotherActionWhileWaitingForAll ? .b : .a
    let dispatchedNext = AdvBox(false)
    let token = viewModel.observe {
      On(.a).finished {
        guard !dispatchedNext.value else { return }
        dispatchedNext.value = true
        viewModel.dispatch(
          actionId: next,
          task: { () async throws -> Int in
            try await second.pass()
            return 2
          })
      }
    }
    viewModel.dispatch(
      actionId: .a,
      task: { () async throws -> Int in
        try await first.pass()
        return 1
      })
    let waiting = await startWaiting(viewModel) {
      switch followUp {
      case .anotherActionWhileWaitingForAll: try await viewModel.waitUntilAllIdle(limit: .seconds(20))
      case .theSameActionWhileWaitingForIt: try await viewModel.waitUntilIdle(.a, limit: .seconds(20))
      }
    }
    first.open()
    await second.arrivals(1)
    second.open()
    let loadingWhenItReturned = try await waiting.value
    #expect(!loadingWhenItReturned, "the wait returned while \(next) was loading")
    try await viewModel.waitUntilAllIdle()
    token.cancel()
  }

  @Test func waitUntilIdleFollowsARunCancelledThroughItsTaskToItsEnd() async throws {
    let viewModel = AdvViewModel()
    let gate = Gate()
    let run = viewModel.dispatch(
      actionId: .a,
      task: { () async throws -> Int in
        await gate.passIgnoringCancellation()
        return 1
      })
    await gate.arrivals(1)
    run.cancel()
    try await viewModel.waitUntilIdle(.a)
    #expect(!viewModel.isLoading(for: .a))
    gate.open()
    await run.value
  }

  @Test func waitUntilThrowsAWaitTimeoutErrorNamingWhatItAwaitedWhenTheActionNeverSettles() async {
    let viewModel = AdvViewModel()
    let gate = Gate()
    let run = viewModel.dispatch(
      actionId: .a,
      task: { () async throws -> Int in
        try await gate.pass()
        return 1
      })
    await #expect {
      try await viewModel.waitUntilIdle(.a, limit: .milliseconds(50))
    } throws: { error in
      (error as? WaitTimeoutError)?.awaited == "a to be idle"
    }
    #expect(viewModel.isLoading(for: .a))
    gate.open()
    await run.value
    try? await viewModel.waitUntilIdle(.a)
  }

  @Test func aRecorderOutlivesItsViewModelAndKeepsEveryEventOfItsRuns() async {
    var viewModel: AdvViewModel? = AdvViewModel()
    weak let weakViewModel = viewModel
    let recorder = EventRecorder(viewModel!)
    await viewModel!.dispatch(actionId: .a, task: { () async throws -> Int in 1 }).value
    await viewModel!.dispatch(actionId: .b, task: { () async throws -> Int in throw TestError(message: "b") }).value
    viewModel = nil
    #expect(weakViewModel == nil, "the recorder retained its view model")
    #expect(recorder.events == [.started(.a), .succeeded(.a), .started(.b), .failed(.b)])
    #expect(recorder.errorMessages == ["b"])
    recorder.stop()
  }
}
