import ActionDispatch
import ActionDispatchTesting
import Testing

@MainActor
@Suite(.serialExecutor) struct EventsTests {
  @Test func eachStreamIsIndependentAndSeesEveryEvent() async {
    let viewModel = TestViewModel()
    let first = viewModel.events()
    let second = viewModel.events()
    await viewModel.dispatch(actionId: .load, task: { 1 }).value
    await viewModel.dispatch(actionId: .save, task: { () async throws -> Int in throw TestError() }).value

    var firstIterator = first.makeAsyncIterator()
    var secondIterator = second.makeAsyncIterator()
    var firstKinds: [ActionEvent<TestAction>.Kind] = []
    var secondKinds: [ActionEvent<TestAction>.Kind] = []
    for _ in 0..<4 {
      firstKinds.append(await firstIterator.next()!.kind)
      secondKinds.append(await secondIterator.next()!.kind)
    }
    #expect(firstKinds == [.started, .succeeded, .started, .failed])
    #expect(secondKinds == firstKinds)
  }

  @Test func finishedRunsCarryDurationAndErrorMessage() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    await viewModel.dispatch(actionId: .load, task: { () async throws -> Int in throw TestError() }).value
    let started = recorder.rawEvents[0]
    let failed = recorder.rawEvents[1]
    #expect(started.duration == nil)
    #expect(failed.duration != nil)
    #expect(failed.errorMessage == "Something broke. Try again.")
    #expect(started.run == failed.run)
  }

  @Test func streamFinishesWhenTheViewModelIsReleased() async {
    var viewModel: TestViewModel? = TestViewModel()
    let stream = viewModel!.events()
    viewModel = nil
    var count = 0
    for await _ in stream { count += 1 }
    #expect(count == 0)
  }
}
