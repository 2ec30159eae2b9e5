import ActionDispatch
import ActionDispatchTesting
import Testing

/// An actor to hop through between two sleeps, as a service call would.
private actor Hops {
  var count = 0
  func hop() { count += 1 }
}

/// `TestClock`: "`advance(by:)` steps through every deadline on the way, in order"; "Each sleeper
/// whose deadline falls within the step is woken at its own deadline, earliest first … a sleeper
/// that starts during the advance and falls inside it is woken too, at its deadline";
/// `run(maxSteps:)`: "It stops after `maxSteps` deadlines"; `earliestSleeper`: first registered
/// among equals. `ImmediateClock`: "every sleep returns at once, moving the clock's time forward".
@MainActor
@Suite
struct TestClockAdversarialTests {
  private func sleeper(
    _ clock: TestClock, at offset: Duration, _ log: AdvBox<[String]>, _ name: String
  ) async -> Task<Void, Never> {
    let count = clock.sleeperCount
    let task = Task { @MainActor in
      do {
        try await clock.sleep(until: .init(offset: offset))
        log.value.append("\(name)@\(clock.now.offset.components.seconds)")
      } catch {
        log.value.append("\(name) cancelled")
      }
    }
    await clock.waitForSleepers(count + 1)
    return task
  }

  @Test func sleepersWithEqualDeadlinesWakeInTheOrderTheyRegistered() async {
    let clock = TestClock()
    let log = AdvBox<[String]>([])
    var tasks: [Task<Void, Never>] = []
    for name in ["p", "q", "r", "s", "t"] { tasks.append(await sleeper(clock, at: .seconds(2), log, name)) }
    await clock.advance(by: .seconds(5))
    for task in tasks { await task.value }
    #expect(log.value == ["p@2", "q@2", "r@2", "s@2", "t@2"])
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func eachSleeperWokenByOneAdvanceSeesItsOwnDeadlineAsNow() async {
    let clock = TestClock()
    let log = AdvBox<[String]>([])
    var tasks: [Task<Void, Never>] = []
    for (name, second) in [("e", 5), ("a", 1), ("c", 3), ("b", 2), ("d", 4)] {
      tasks.append(await sleeper(clock, at: .seconds(second), log, name))
    }
    await clock.advance(to: .init(offset: .seconds(10)))
    for task in tasks { await task.value }
    #expect(log.value == ["a@1", "b@2", "c@3", "d@4", "e@5"])
    #expect(clock.now.offset == .seconds(10))
  }

  @Test(arguments: [0, 3, 40])
  func aChainOfSleepsStartedDuringOneAdvanceIsSteppedThroughToTheEnd(hopsBetweenSleeps: Int) async {
    let clock = TestClock()
    let hops = Hops()
    let wakes = AdvBox<[Int64]>([])
    let chain = Task { @MainActor in
      for _ in 0..<8 {
        try? await clock.sleep(for: .seconds(1))
        wakes.value.append(clock.now.offset.components.seconds)
        for _ in 0..<hopsBetweenSleeps { await hops.hop() }
      }
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(8_500))
    #expect(wakes.value == [1, 2, 3, 4, 5, 6, 7, 8])
    #expect(clock.now.offset == .milliseconds(8_500))
    chain.cancel()  // a chain the advance left behind ends at once: its sleeps throw
    await chain.value
  }

  /// TestingAViewModel.md: "To skip every wait however many there are — every retry backoff up
  /// to the last attempt — call `run(maxSteps:)` … clock.now is exactly 7.5 s", with a mock
  /// service that is an actor and hops through it between attempts.
  @Test func runSkipsEveryBackoffWhenTheWorkHopsThroughAnActorBeforeFailing() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let hops = Hops()
    let attempts = AdvBox(0)
    let run = viewModel.dispatch(
      actionId: .a, retry: .exponential(maxAttempts: 5),
      task: { () async throws -> Int in
        attempts.value += 1
        for _ in 0..<40 { await hops.hop() }
        throw TestError()
      })
    await clock.waitForSleepers(1)
    await clock.run()
    #expect(attempts.value == 5)
    #expect(clock.now.offset == .milliseconds(7_500))
    viewModel.cancel(.a)  // a run that run() left in a backoff would otherwise never end
    await run.value
  }

  @Test func runWithMaxStepsStopsAfterExactlyThatManyDeadlines() async {
    let clock = TestClock()
    let wakes = AdvBox(0)
    let loop = Task { @MainActor in
      while !Task.isCancelled {
        do { try await clock.sleep(for: .seconds(1)) } catch { return }
        wakes.value += 1
      }
    }
    await clock.waitForSleepers(1)
    await clock.run(maxSteps: 3)
    #expect(wakes.value == 3)
    #expect(clock.now.offset == .seconds(3))
    loop.cancel()
    await loop.value
    #expect(clock.sleeperCount == 0)
  }

  @Test func aSleeperBeyondTheTargetStaysAsleepAndTheClockStopsExactlyAtTheTarget() async {
    let clock = TestClock()
    let log = AdvBox<[String]>([])
    let late = await sleeper(clock, at: .seconds(7), log, "late")
    let early = await sleeper(clock, at: .seconds(2), log, "early")
    await clock.advance(by: .seconds(3))
    await early.value
    #expect(log.value == ["early@2"])
    #expect(clock.now.offset == .seconds(3))
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(4))
    await late.value
    #expect(log.value == ["early@2", "late@7"])
  }

  @Test func cancellingSleepersWhileTheClockAdvancesResumesEachExactlyOnce() async {
    let clock = TestClock()
    let log = AdvBox<[String]>([])
    var tasks: [Task<Void, Never>] = []
    for index in 0..<200 { tasks.append(await sleeper(clock, at: .milliseconds(index % 20 + 1), log, "s\(index)")) }
    let advancing = Task { await clock.advance(by: .seconds(1)) }
    for index in stride(from: 0, to: 200, by: 2) { tasks[index].cancel() }
    await advancing.value
    for task in tasks { await task.value }
    #expect(log.value.count == 200)
    #expect(clock.sleeperCount == 0)
  }

  @Test func theViewModelsTimersAllFireAtTheirExactInstantsUnderRun() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let log = AdvBox<[String]>([])
    let retrying = viewModel.dispatch(
      actionId: .a, retry: RetryPolicy(maxAttempts: 3, initialBackoff: .seconds(2)),
      task: { () async throws -> Int in
        log.value.append("a@\(clock.now.offset.components.seconds)")
        throw TestError()
      })
    let debounced = viewModel.dispatch(
      actionId: .b, policy: .debounce(.seconds(5)),
      task: { () async throws -> Int in
        log.value.append("b@\(clock.now.offset.components.seconds)")
        return 1
      })
    let timedOut = viewModel.dispatch(
      actionId: .c, timeout: .seconds(3),
      task: { () async throws -> Int in
        try await clock.sleep(for: .seconds(100))
        return 1
      })
    await clock.waitForSleepers(3)
    await clock.run()
    await retrying.value
    await debounced.value
    await timedOut.value
    #expect(log.value == ["a@0", "a@2", "b@5", "a@6"])
    #expect(viewModel.failure(for: .c) is ActionTimeoutError)
    #expect(clock.now.offset == .seconds(6))
  }

  @Test func anImmediateClockMovesForwardByEachWaitAndNeverBack() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(3))
    try await clock.sleep(until: .init(offset: .seconds(1)))
    #expect(clock.now.offset == .seconds(3))
    try await clock.sleep(for: .milliseconds(500))
    #expect(clock.now.offset == .milliseconds(3_500))
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    #expect(clock.now.offset == .milliseconds(3_500))
  }
}
