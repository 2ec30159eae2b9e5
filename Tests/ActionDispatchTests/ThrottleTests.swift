import ActionDispatch
import ActionDispatchTesting
import Testing

@MainActor
@Suite(.serialExecutor) struct ThrottleTests {
  let clock = TestClock()
  let throttle = DispatchPolicy.throttle(.seconds(1))

  /// Dispatches a throttled run of `.search` that records `value` when it starts and returns it.
  func search(_ viewModel: TestViewModel, _ value: Int, into sent: Recorder) -> Task<Void, Never> {
    viewModel.dispatch(
      actionId: .search, policy: throttle,
      task: {
        sent.values.append(value)
        return value
      })
  }

  @Test func theFirstDispatchStartsAtOnceAndOnlyTheLatestHeldOneStartsWhenTheIntervalEnds() async {
    let viewModel = TestViewModel(clock: clock)
    let recorder = EventRecorder(viewModel)
    let sent = Recorder()
    let first = search(viewModel, 1, into: sent)
    #expect(viewModel.isLoading(for: .search))
    await first.value
    let second = search(viewModel, 2, into: sent)
    let third = search(viewModel, 3, into: sent)
    await second.value  // replaced: completes at once, before the interval ends
    #expect(sent.values == [1])
    #expect(!viewModel.isLoading(for: .search), "a held dispatch is not a run yet")
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(999))
    #expect(sent.values == [1])
    await clock.advance(by: .milliseconds(1))
    await third.value
    #expect(sent.values == [1, 3])
    #expect(
      recorder.events == [
        .started(.search), .succeeded(.search), .dropped(.search), .started(.search), .succeeded(.search),
      ]
    )
    #expect(
      viewModel.log.filter { $0.hasPrefix("hook") } == ["hook.onSuccess(search, 1)", "hook.onSuccess(search, 3)"])
  }

  /// The timeline in "Choosing a policy": a at 0, b at 100, c at 200, d at 700, e at 800.
  @Test func theChoosingAPolicyTimeline() async {
    let viewModel = TestViewModel(clock: clock)
    var starts: [String] = []
    var tasks: [Task<Void, Never>] = []
    func dispatch(_ name: String) {
      tasks.append(
        viewModel.dispatch(
          actionId: .search, policy: .throttle(.milliseconds(300)),
          task: { [clock] in
            starts.append(
              "\(name)@\(clock.now.offset.components.attoseconds / 1_000_000_000_000_000 + clock.now.offset.components.seconds * 1000)"
            )
          }))
    }
    dispatch("a")
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    dispatch("b")
    await clock.advance(by: .milliseconds(100))
    dispatch("c")
    await clock.advance(by: .milliseconds(500))
    dispatch("d")
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    dispatch("e")
    await clock.advance(by: .milliseconds(400))
    for task in tasks { await task.value }
    #expect(starts == ["a@0", "c@300", "d@700", "e@1000"])
  }

  @Test func aDispatchAfterAQuietIntervalStartsAtOnce() async {
    let viewModel = TestViewModel(clock: clock)
    let sent = Recorder()
    await search(viewModel, 1, into: sent).value
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(clock.sleeperCount == 0, "no held dispatch: the window closed")
    let second = search(viewModel, 2, into: sent)
    #expect(viewModel.isLoading(for: .search))
    await second.value
    #expect(sent.values == [1, 2])
  }

  @Test func theHeldDispatchThatStartsOpensTheNextInterval() async {
    let viewModel = TestViewModel(clock: clock)
    let sent = Recorder()
    await search(viewModel, 1, into: sent).value
    let second = search(viewModel, 2, into: sent)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await second.value
    let third = search(viewModel, 3, into: sent)
    #expect(sent.values == [1, 2])
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await third.value
    #expect(sent.values == [1, 2, 3])
    #expect(clock.now.offset == .seconds(2))
  }

  @Test func runsThatStartedAreNotCancelledByLaterOnes() async {
    let viewModel = TestViewModel(clock: clock)
    let recorder = EventRecorder(viewModel)
    let gate = Gate()
    let first = viewModel.dispatch(actionId: .search, policy: throttle, task: { try await gate.pass() })
    let second = viewModel.dispatch(actionId: .search, policy: throttle, task: { 2 })
    await gate.arrivals(1)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await second.value
    #expect(viewModel.isLoading(for: .search), "the first run is still in flight")
    gate.open()
    await first.value
    #expect(recorder.events == [.started(.search), .started(.search), .succeeded(.search), .succeeded(.search)])
  }

  @Test func cancelDropsTheHeldDispatchAndItsTaskCompletes() async {
    let viewModel = TestViewModel(clock: clock)
    let recorder = EventRecorder(viewModel)
    let sent = Recorder()
    await search(viewModel, 1, into: sent).value
    let held = search(viewModel, 2, into: sent)
    viewModel.cancel(.search)
    await held.value
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(sent.values == [1])
    #expect(recorder.events == [.started(.search), .succeeded(.search), .dropped(.search)])
  }

  @Test func cancellingAHeldDispatchsTaskDropsIt() async {
    let viewModel = TestViewModel(clock: clock)
    let recorder = EventRecorder(viewModel)
    let sent = Recorder()
    await search(viewModel, 1, into: sent).value
    let held = search(viewModel, 2, into: sent)
    held.cancel()
    await held.value
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(sent.values == [1])
    #expect(recorder.events == [.started(.search), .succeeded(.search), .dropped(.search)])
  }

  @Test func cancellingTheTaskOfAHeldDispatchThatStartedCancelsItsRun() async {
    let viewModel = TestViewModel(clock: clock)
    let recorder = EventRecorder(viewModel)
    let gate = Gate()
    await viewModel.dispatch(actionId: .search, policy: throttle, task: { 1 }).value
    let held = viewModel.dispatch(actionId: .search, policy: throttle, task: { try await gate.pass() })
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await gate.arrivals(1)
    held.cancel()
    await held.value
    #expect(!viewModel.isLoading(for: .search))
    #expect(recorder.events == [.started(.search), .succeeded(.search), .started(.search), .cancelled(.search)])
  }

  @Test func releasingTheViewModelCompletesTheHeldDispatchsTaskAndFreesIt() async {
    var viewModel: TestViewModel? = TestViewModel(clock: clock)
    weak let released = viewModel
    let sent = Recorder()
    await search(viewModel!, 1, into: sent).value
    let held = search(viewModel!, 2, into: sent)
    viewModel = nil
    #expect(released == nil)
    await held.value
    #expect(sent.values == [1])
  }

  @Test func aDispatchFromInsideTheDroppedEventIsHeldInOrder() async {
    let viewModel = TestViewModel(clock: clock)
    let recorder = EventRecorder(viewModel)
    let sent = Recorder()
    var redispatched: Task<Void, Never>?
    let observer = viewModel.observeEvents { event in
      if event.kind == .dropped, redispatched == nil { redispatched = self.search(viewModel, 9, into: sent) }
    }
    await search(viewModel, 1, into: sent).value
    _ = search(viewModel, 2, into: sent)
    let third = search(viewModel, 3, into: sent)  // drops 2; its observer dispatches 9, which drops 3
    await third.value
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await redispatched?.value
    #expect(sent.values == [1, 9])
    #expect(
      recorder.events == [
        .started(.search), .succeeded(.search), .dropped(.search), .dropped(.search), .started(.search),
        .succeeded(.search),
      ])
    _ = observer
  }

  @Test func aHeldDispatchKeepsTheNumberItWasGivenWhenItWasCalled() async {
    let viewModel = TestViewModel(clock: clock)
    var runs: [String] = []
    let token = viewModel.observeEvents { event in runs.append("\(event.actionId).\(event.kind)#\(event.run)") }
    let sent = Recorder()
    await search(viewModel, 1, into: sent).value
    let held = search(viewModel, 2, into: sent)
    await viewModel.dispatch(actionId: .load, task: { 0 }).value
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await held.value
    #expect(
      runs == [
        "search.started#1", "search.succeeded#1", "load.started#3", "load.succeeded#3", "search.started#2",
        "search.succeeded#2",
      ])
    token.cancel()
  }
}

/// Values recorded by work on the main actor.
@MainActor
final class Recorder {
  var values: [Int] = []
}
