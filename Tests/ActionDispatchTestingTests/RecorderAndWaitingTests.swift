import ActionDispatch
import ActionDispatchTesting
import Observation
import Testing

enum SampleAction: ActionIdType {
  case load
  case save
}

@MainActor
@Observable
final class SampleViewModel: BaseViewModel<SampleAction> {
  @discardableResult
  func run(_ action: SampleAction, _ work: @escaping @MainActor () async throws -> Int) -> Task<Void, Never> {
    dispatch(actionId: action, task: work)
  }
}

@MainActor
@Suite(.serialExecutor) struct RecorderAndWaitingTests {
  @Test func recorderRecordsEveryActionInOrder() async {
    let viewModel = SampleViewModel()
    let recorder = EventRecorder(viewModel)
    await viewModel.run(.load) { 1 }.value
    await viewModel.run(.save) { throw Boom() }.value
    #expect(recorder.events == [.started(.load), .succeeded(.load), .started(.save), .failed(.save)])
    #expect(recorder.events(for: .save) == [.started(.save), .failed(.save)])
    #expect(recorder.errorMessages == ["Boom()"])
    #expect(RecordedEvent<SampleAction>.failed(.save).description == ".failed(save)")
  }

  @Test func recorderResetAndStop() async {
    let viewModel = SampleViewModel()
    let recorder = EventRecorder(viewModel)
    await viewModel.run(.load) { 1 }.value
    recorder.reset()
    #expect(recorder.events.isEmpty)
    recorder.stop()
    await viewModel.run(.load) { 1 }.value
    #expect(recorder.events.isEmpty)
  }

  @Test func waitUntilIdleReturnsWhenTheActionSettles() async throws {
    let viewModel = SampleViewModel()
    let gate = Gate()
    viewModel.run(.load) {
      try await gate.pass()
      return 1
    }
    await gate.arrivals(1)
    let waiter = Task { @MainActor in try await viewModel.waitUntilIdle(.load) }
    gate.open()
    try await waiter.value
    #expect(!viewModel.isLoading(for: .load))
    try await viewModel.waitUntilAllIdle()
  }

  @Test func waitUntilIdleThrowsInsteadOfHanging() async {
    let viewModel = SampleViewModel()
    let gate = Gate()
    let run = viewModel.run(.save) {
      try await gate.pass()
      return 1
    }
    await #expect(throws: WaitTimeoutError.self) {
      try await viewModel.waitUntilIdle(.save, limit: .milliseconds(20))
    }
    viewModel.cancel(.save)
    await run.value
  }
}
