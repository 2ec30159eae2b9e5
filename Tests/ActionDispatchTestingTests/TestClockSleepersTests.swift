import ActionDispatch
import ActionDispatchTesting
import Testing

/// A value a sleeper's task fills in.
@MainActor
private final class Box<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}

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
extension TestClockTests {
  private func sleeper(
    _ clock: TestClock, at offset: Duration, _ log: Box<[String]>, _ name: String
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
    let log = Box<[String]>([])
    var tasks: [Task<Void, Never>] = []
    for name in ["p", "q", "r", "s", "t"] { tasks.append(await sleeper(clock, at: .seconds(2), log, name)) }
    await clock.advance(by: .seconds(5))
    for task in tasks { await task.value }
    #expect(log.value == ["p@2", "q@2", "r@2", "s@2", "t@2"])
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func eachSleeperWokenByOneAdvanceSeesItsOwnDeadlineAsNow() async {
    let clock = TestClock()
    let log = Box<[String]>([])
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
    let wakes = Box<[Int64]>([])
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

  @Test func runWithMaxStepsStopsAfterExactlyThatManyDeadlines() async {
    let clock = TestClock()
    let wakes = Box(0)
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
    let log = Box<[String]>([])
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
    let log = Box<[String]>([])
    var tasks: [Task<Void, Never>] = []
    for index in 0..<200 { tasks.append(await sleeper(clock, at: .milliseconds(index % 20 + 1), log, "s\(index)")) }
    let advancing = Task { await clock.advance(by: .seconds(1)) }
    for index in stride(from: 0, to: 200, by: 2) { tasks[index].cancel() }
    await advancing.value
    for task in tasks { await task.value }
    #expect(log.value.count == 200)
    #expect(clock.sleeperCount == 0)
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
