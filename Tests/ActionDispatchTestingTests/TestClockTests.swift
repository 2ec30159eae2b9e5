import ActionDispatchTesting
import Testing

@Suite(.serialExecutor) struct TestClockTests {
  @Test func advanceWakesDueSleepersInDeadlineOrder() async throws {
    let clock = TestClock()
    let order = Stub<String, Void>(returning: ())
    let late = Task {
      try await clock.sleep(for: .seconds(2))
      try await order("late")
    }
    let early = Task {
      try await clock.sleep(for: .seconds(1))
      try await order("early")
    }
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(1))
    try await early.value
    #expect(order.calls == ["early"])
    await clock.advance(by: .seconds(1))
    try await late.value
    #expect(order.calls == ["early", "late"])
    #expect(clock.now.offset == .seconds(2))
  }

  @Test func sleeperBeforeItsDeadlineStaysAsleep() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(4))
    #expect(clock.sleeperCount == 1)
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func runSkipsEveryWaitInOrder() async throws {
    let clock = TestClock()
    let task = Task {
      for _ in 0..<3 { try await clock.sleep(for: .seconds(10)) }
    }
    await clock.waitForSleepers(1)
    await clock.run()
    try await task.value
    #expect(clock.now.offset >= .seconds(10))
  }

  @Test func sleepingUntilAPastDeadlineReturnsAtOnce() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(3))
    try await clock.sleep(until: .init(offset: .seconds(1)))
    #expect(clock.sleeperCount == 0)
  }

  @Test func immediateClockMovesTimeByEachWait() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(2))
    try await clock.sleep(for: .milliseconds(500))
    #expect(clock.now.offset == .milliseconds(2500))
  }

  @Test func immediateClockHonoursCancellation() async {
    let clock = ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
