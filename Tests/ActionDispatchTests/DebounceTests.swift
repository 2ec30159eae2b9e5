import ActionDispatch
import ActionDispatchTesting
import Testing

/// `.debounce`: "waits for a quiet period on the view model's clock"; "A dispatch during the
/// quiet period supersedes the waiting run", which "ends as cancelled and never delivers".
@MainActor
@Suite(.serialExecutor) struct DebounceTests {
  @Test func aDebouncedRunSupersededBeforeItsDeadlineNeverCallsItsWorkWhenThatDeadlinePasses() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let sent = AdvBox<[(String, Duration)]>([])
    func search(_ query: String) -> Task<Void, Never> {
      viewModel.dispatch(
        actionId: .a, policy: .debounce(.milliseconds(300)),
        task: { sent.value.append((query, clock.now.offset)) })
    }

    let first = search("oct")
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(200))
    let second = search("octo")
    #expect(viewModel.isLoading(for: .a))
    await first.value
    await clock.advance(to: .init(offset: .milliseconds(300)))
    #expect(sent.value.isEmpty, "the superseded run's deadline started its work")
    await clock.advance(to: .init(offset: .milliseconds(500)))
    await second.value

    #expect(sent.value.map(\.0) == ["octo"])
    #expect(sent.value.map(\.1) == [.milliseconds(500)])
    #expect(listeners.perRun(listeners.early, of: .a) == [[.started, .cancelled], [.started, .succeeded]])
    #expect(listeners.violations() == [])
    #expect(viewModel.statusLog[.a] == [true, false])
  }

  @Test func cancellingTheTaskOfAWaitingDebouncedRunEndsItAtOnceAndItsWorkNeverRuns() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let calls = AdvBox(0)
    let run = viewModel.dispatch(
      actionId: .a, policy: .debounce(.seconds(1)), task: { calls.value += 1 })
    await clock.waitForSleepers(1)

    run.cancel()
    await run.value
    #expect(!viewModel.isLoading(for: .a))
    await clock.run()

    #expect(calls.value == 0)
    #expect(clock.now.offset == .zero, "a cancelled debounce left a sleeper on the clock")
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .cancelled])
  }

  @Test func aDebouncedRunWhoseWorkStartedAndIgnoresCancellationNeverDeliversOnceSuperseded() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let delivered = AdvBox<[Int]>([])
    let first = viewModel.dispatch(
      actionId: .a, policy: .debounce(.milliseconds(100)),
      task: { () async -> Int in
        await gate.passIgnoringCancellation()
        return 1
      }, onSuccess: { _, value in delivered.value.append(value) })
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    await gate.arrivals(1)

    let second = viewModel.dispatch(
      actionId: .a, policy: .debounce(.milliseconds(100)), task: { 2 },
      onSuccess: { _, value in delivered.value.append(value) })
    gate.open()
    await first.value
    await clock.advance(by: .milliseconds(100))
    await second.value

    #expect(delivered.value == [2], "a superseded run delivered its result")
    #expect(listeners.perRun(listeners.early, of: .a) == [[.started, .cancelled], [.started, .succeeded]])
    #expect(listeners.violations() == [])
  }

  private func at(_ milliseconds: Int) -> TestClock.Instant { .init(offset: .milliseconds(milliseconds)) }

  @Test func aDebouncedRunStartsAtExactlyTheQuietPeriodAfterTheLastDispatch() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let starts = AdvBox<[Int: Duration]>([:])
    func send(_ id: Int) -> Task<Void, Never> {
      viewModel.dispatch(
        actionId: .a, policy: .debounce(.milliseconds(300)), task: { starts.value[id] = clock.now.offset })
    }
    let first = send(1)
    await clock.advance(to: at(299))
    let second = send(2)
    await first.value
    await clock.advance(to: at(598))
    #expect(starts.value.isEmpty && viewModel.isLoading(for: .a))
    await clock.advance(to: at(599))
    await second.value
    #expect(starts.value == [2: .milliseconds(599)])
    #expect(listeners.perRun(listeners.early, of: .a) == [[.started, .cancelled], [.started, .succeeded]])
    #expect(viewModel.statusLog[.a] == [true, false], "loading had a gap between the superseded and the new run")
  }

  @Test func debouncedRunsThatADispatchFromFinishedStartsInsideOneAdvanceEachStartAtTheirDeadline() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let startedAt = AdvBox<[Duration]>([])
    let tasks = AdvBox<[Task<Void, Never>]>([])
    func debounced() -> Task<Void, Never> {
      viewModel.dispatch(
        actionId: .a, policy: .debounce(.seconds(1)), task: { startedAt.value.append(clock.now.offset) })
    }
    let token = viewModel.observe {
      On(.a).finished {
        if tasks.value.count < 3 { tasks.value.append(debounced()) }
      }
    }
    tasks.value.append(debounced())
    await clock.waitForSleepers(1)

    await clock.advance(by: .milliseconds(3_500))
    for task in tasks.value { await task.value }

    #expect(startedAt.value == [.seconds(1), .seconds(2), .seconds(3)])
    #expect(clock.now.offset == .milliseconds(3_500))
    #expect(listeners.violations() == [])
    token.cancel()
  }

  @Test func advanceToAnEarlierInstantLeavesTheClockAndADebouncedRunAlone() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let calls = AdvBox(0)
    await clock.advance(by: .seconds(2))
    let run = viewModel.dispatch(actionId: .a, policy: .debounce(.seconds(1)), task: { calls.value += 1 })
    await clock.waitForSleepers(1)

    await clock.advance(to: .init(offset: .seconds(1)))
    #expect(clock.now.offset == .seconds(2))
    #expect(calls.value == 0)
    await clock.advance(to: .init(offset: .seconds(3)))
    await run.value
    #expect(calls.value == 1)
  }
}
