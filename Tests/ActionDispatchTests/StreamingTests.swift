import ActionDispatch
import ActionDispatchTesting
import Testing

@MainActor
@Suite(.serialExecutor) struct StreamingTests {
  @Test func deliversEachElementInOrderAndSucceedsWhenTheSequenceEnds() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    let inbox = Inbox<Int>()
    let (stream, input) = AsyncStream.makeStream(of: Int.self)
    let run = viewModel.dispatch(actionId: .load, elements: { stream }) { _, value in inbox.append(value) }
    #expect(viewModel.isLoading(for: .load))
    input.yield(1)
    input.yield(2)
    await inbox.arrivals(2)
    #expect(viewModel.isLoading(for: .load), "loading until the sequence ends")
    input.yield(3)
    input.finish()
    await run.value
    #expect(inbox.values == [1, 2, 3])
    #expect(!viewModel.isLoading(for: .load))
    #expect(recorder.events == [.started(.load), .succeeded(.load)])
    #expect(viewModel.log == ["status(load, true)", "hook.onSuccess(load, ())", "status(load, false)"])
  }

  @Test func failsWithTheSequencesErrorAndKeepsWhatWasDelivered() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    let inbox = Inbox<Int>()
    let (stream, input) = AsyncThrowingStream.makeStream(of: Int.self)
    let run = viewModel.dispatch(actionId: .load, elements: { stream }) { _, value in inbox.append(value) }
    input.yield(1)
    await inbox.arrivals(1)
    input.finish(throwing: TestError(message: "page 2 failed"))
    await run.value
    #expect(inbox.values == [1])
    #expect(viewModel.errorMessage(for: .load) == "page 2 failed")
    #expect(recorder.events == [.started(.load), .failed(.load)])
  }

  @Test func aThrowingFactoryFailsTheRun() async {
    let viewModel = TestViewModel()
    await viewModel.dispatch(
      actionId: .load,
      elements: { () throws -> AsyncStream<Int> in throw TestError(message: "bad login") },
      onElement: { _, _ in Issue.record("no element") }
    ).value
    #expect(viewModel.errorMessage(for: .load) == "bad login")
  }

  @Test func aSupersededRunDeliversNoElementAfterTheNewRunIsAccepted() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    let old = Inbox<Int>()
    let sequence = GatedSequence(count: 3)
    let first = viewModel.dispatch(actionId: .load, policy: .cancelPrevious, elements: { sequence }) { _, value in
      old.append(value)
    }
    sequence.gates[0].open()
    await old.arrivals(1)
    await sequence.gates[1].arrivals(1)  // producing element 2, ignoring cancellation
    let second = viewModel.dispatch(actionId: .load, policy: .cancelPrevious, elements: { [4, 5].async }) { _, _ in }
    sequence.gates[1].open()
    sequence.gates[2].open()
    await first.value
    await second.value
    #expect(old.values == [1], "element 2 came after the new run was accepted: never delivered")
    #expect(recorder.events == [.started(.load), .started(.load), .cancelled(.load), .succeeded(.load)])
  }

  @Test func cancelStopsTheIterationAtOnce() async {
    let viewModel = TestViewModel()
    let inbox = Inbox<Int>()
    let sequence = GatedSequence(count: 2)
    let run = viewModel.dispatch(actionId: .load, elements: { sequence }) { _, value in inbox.append(value) }
    await sequence.gates[0].arrivals(1)
    viewModel.cancel(.load)
    #expect(!viewModel.isLoading(for: .load))
    sequence.gates[0].open()
    sequence.gates[1].open()
    await run.value
    #expect(inbox.values.isEmpty)
    #expect(viewModel.errorMessage(for: .load) == nil)
  }

  @Test func cancellingTheReturnedTaskStopsTheIteration() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    let inbox = Inbox<Int>()
    let (stream, input) = AsyncStream.makeStream(of: Int.self)
    let run = viewModel.dispatch(actionId: .load, elements: { stream }) { _, value in inbox.append(value) }
    input.yield(1)
    await inbox.arrivals(1)
    run.cancel()
    await run.value
    input.yield(2)
    #expect(inbox.values == [1])
    #expect(recorder.events == [.started(.load), .cancelled(.load)])
  }

  @Test func releasingTheViewModelStopsTheIterationAndFreesIt() async {
    var viewModel: TestViewModel? = TestViewModel()
    weak let released = viewModel
    let sequence = GatedSequence(count: 2)
    var delivered: [Int] = []
    let run = viewModel!.dispatch(actionId: .load, elements: { sequence }) { viewModel, element in
      viewModel.value = element
      delivered.append(element)
    }
    await sequence.gates[0].arrivals(1)
    viewModel = nil
    #expect(released == nil)
    sequence.gates[0].open()
    sequence.gates[1].open()
    await run.value
    #expect(delivered.isEmpty)
  }

  @Test func theClosureReceivesTheViewModel() async {
    let viewModel = TestViewModel()
    await viewModel.dispatch(actionId: .load, elements: { [7, 8].async }) { viewModel, element in
      viewModel.value = element
    }.value
    #expect(viewModel.value == 8)
  }

  @Test func enqueuedStreamsRunOneAfterAnother() async {
    let viewModel = TestViewModel()
    var order: [Int] = []
    let sequence = GatedSequence(count: 1)
    let first = viewModel.dispatch(actionId: .load, policy: .enqueue, elements: { sequence }) { _, value in
      order.append(value)
    }
    let second = viewModel.dispatch(actionId: .load, policy: .enqueue, elements: { [10, 20].async }) { _, value in
      order.append(value)
    }
    await sequence.gates[0].arrivals(1)
    #expect(order.isEmpty)
    sequence.gates[0].open()
    await first.value
    await second.value
    #expect(order == [1, 10, 20])
  }

  @Test func debounceMakesTheSequenceOnlyAfterTheQuietPeriod() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    var made: [String] = []
    var received: [String] = []
    var runs: [Task<Void, Never>] = []
    for query in ["o", "oc"] {
      runs.append(
        viewModel.dispatch(
          actionId: .search, policy: .debounce(.milliseconds(300)),
          elements: {
            made.append(query)
            return [query + "1", query + "2"].async
          }
        ) { _, value in received.append(value) })
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(300))
    for run in runs { await run.value }
    #expect(made == ["oc"])
    #expect(received == ["oc1", "oc2"])
  }

  @Test func throttledStreamsStartOncePerInterval() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    var received: [Int] = []
    let throttle = DispatchPolicy.throttle(.seconds(1))
    await viewModel.dispatch(actionId: .search, policy: throttle, elements: { [1].async }) { _, value in
      received.append(value)
    }
    .value
    let dropped = viewModel.dispatch(actionId: .search, policy: throttle, elements: { [2].async }) { _, value in
      received.append(value)
    }
    let latest = viewModel.dispatch(actionId: .search, policy: throttle, elements: { [3, 4].async }) { _, value in
      received.append(value)
    }
    await dropped.value
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await latest.value
    #expect(received == [1, 3, 4])
  }

  @Test func theTimeoutCoversTheWholeRun() async {
    let clock = TestClock()
    let viewModel = TestViewModel(clock: clock)
    let inbox = Inbox<Int>()
    let (stream, input) = AsyncStream.makeStream(of: Int.self)
    let run = viewModel.dispatch(actionId: .load, timeout: .seconds(5), elements: { stream }) { _, value in
      inbox.append(value)
    }
    input.yield(1)
    await inbox.arrivals(1)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    await run.value
    input.yield(2)
    #expect(inbox.values == [1])
    #expect(viewModel.failure(for: .load) is ActionTimeoutError)
  }
}

extension Array where Element: Sendable {
  /// The array as an async sequence, for streaming runs in tests.
  var async: AsyncStream<Element> {
    AsyncStream { continuation in
      for element in self { continuation.yield(element) }
      continuation.finish()
    }
  }
}
