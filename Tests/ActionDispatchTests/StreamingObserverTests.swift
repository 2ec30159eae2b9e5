import ActionDispatch
import ActionDispatchTesting
import Testing

/// `On(.x).element { }` and what listeners see of a streaming run, re-entrant callbacks included.
@MainActor
@Suite(.serialExecutor) struct StreamingObserverTests {
  @Test func elementHandlersSeeEachElementBetweenStartedAndTheEnd() async {
    let viewModel = TestViewModel()
    var log: [String] = []
    let token = viewModel.observe {
      On(.load)
        .started { log.append("started") }
        .element { (page: Int) in log.append("element \(page)") }
        .succeeded { log.append("succeeded") }
        .finished { log.append("finished") }
    }
    await viewModel.dispatch(actionId: .load, elements: { [1, 2].async }) { _, value in log.append("onElement \(value)")
    }.value
    #expect(
      log == ["started", "onElement 1", "element 1", "onElement 2", "element 2", "succeeded", "finished"])
    _ = token
  }

  @Test func aRunInFlightWhenObservingStartsDeliversNoElementToTheNewObserver() async {
    let viewModel = TestViewModel()
    let (stream, input) = AsyncStream.makeStream(of: Int.self)
    let inbox = Inbox<Int>()
    let run = viewModel.dispatch(actionId: .load, elements: { stream }) { _, value in inbox.append(value) }
    var seen: [Int] = []
    let token = viewModel.observe { On(.load).element { (page: Int) in seen.append(page) } }
    input.yield(1)
    input.finish()
    await run.value
    #expect(inbox.values == [1])
    #expect(seen.isEmpty)
    _ = token
  }

  /// As for every notification, an element being delivered reaches all its listeners; what a
  /// callback causes is delivered after it. No later element is delivered.
  @Test func cancellingInsideOnElementStopsEveryLaterDelivery() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    var log: [String] = []
    let token = viewModel.observe {
      On(.load)
        .element { (page: Int) in log.append("element \(page)") }
        .cancelled { log.append("cancelled") }
        .finished { log.append("finished") }
    }
    let sequence = GatedSequence(count: 2)
    sequence.gates[0].open()
    sequence.gates[1].open()
    await viewModel.dispatch(actionId: .load, elements: { sequence }) { _, page in
      log.append("onElement \(page)")
      viewModel.cancel(.load)
    }.value
    #expect(log == ["onElement 1", "element 1", "cancelled", "finished"])
    #expect(recorder.events == [.started(.load), .cancelled(.load)])
    #expect(viewModel.log == ["status(load, true)", "status(load, false)"])
    _ = token
  }

  @Test func aHandlerThatCancelsTheRunLetsEveryListenerSeeTheElementThenTheEnd() async {
    let viewModel = TestViewModel()
    var first: [String] = []
    var second: [String] = []
    let token = viewModel.observe {
      On(.load)
        .started { first.append("started") }
        .element { (page: Int) in
          first.append("element \(page)")
          viewModel.cancel(.load)
        }
        .cancelled { first.append("cancelled") }
      On(.load)
        .started { second.append("started") }
        .element { (page: Int) in second.append("element \(page)") }
        .cancelled { second.append("cancelled") }
        .finished { second.append("finished") }
    }
    await viewModel.dispatch(actionId: .load, elements: { [1, 2, 3].async }) { _, _ in }.value
    #expect(first == ["started", "element 1", "cancelled"])
    #expect(second == ["started", "element 1", "cancelled", "finished"], "element 2 and 3 never come")
    _ = token
  }

  @Test func aDispatchFromInsideOnElementIsNotifiedAfterTheElement() async {
    let viewModel = TestViewModel()
    var log: [String] = []
    let token = viewModel.observe {
      On(.load).element { (page: Int) in log.append("element \(page)") }
      On(.save).started { log.append("save started") }
    }
    var inner: Task<Void, Never>?
    await viewModel.dispatch(actionId: .load, elements: { [1].async }) { _, _ in
      inner = viewModel.dispatch(actionId: .save, task: { 2 })
      log.append("dispatched save")
    }.value
    await inner?.value
    #expect(log == ["dispatched save", "element 1", "save started"])
    _ = token
  }

  @Test func anElementHandlerOfTheWrongTypeIsNeverCalled() async {
    let viewModel = TestViewModel()
    var strings: [String] = []
    var ints: [Int] = []
    let token = viewModel.observe {
      On(.load)
        .element { (text: String) in strings.append(text) }
        .element { (page: Int) in ints.append(page) }
    }
    await viewModel.dispatch(actionId: .load, elements: { [1].async }) { _, _ in }.value
    #expect(strings.isEmpty)
    #expect(ints == [1])
    _ = token
  }
}
