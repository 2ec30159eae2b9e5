import ActionDispatch
import ActionDispatchTesting
import Testing

/// Issue 10, item 7: `advance(by:)`/`advance(to:)` step through every deadline up to the target in
/// order, waking sleepers that start during the advance and fall inside it; `run()` skips every wait.
@MainActor
@Suite(.serialExecutor) struct TestClockSteppingTests {
  @Test func advanceByStepsThroughChainedSleepsThatFallInsideIt() async {
    let clock = TestClock()
    let probe = LockedState<[String]>([])
    let chain = Task {
      for step in 1...3 {
        try? await clock.sleep(for: .seconds(10))
        probe.withLock { $0.append("woke \(step)") }
      }
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(30))
    // Each sleep starts at the instant the previous one woke (10 s, 20 s): all fall inside 30 s.
    #expect(await clock.finishes(chain), "a sleep that started during the advance and ends inside it was not woken")
    #expect(probe.withLock { $0 } == ["woke 1", "woke 2", "woke 3"])
    #expect(clock.now.offset == .seconds(30))
  }

  @Test func advanceToWakesASleeperStartedDuringTheAdvanceBeforeALaterOne() async {
    let clock = TestClock()
    let probe = LockedState<[String]>([])
    let stepping = Task {
      try? await clock.sleep(for: .seconds(10))
      try? await clock.sleep(for: .seconds(5))  // from 10 s: ends at 15 s
      probe.withLock { $0.append("stepping done") }
    }
    await clock.waitForSleepers(1)
    let late = Task {
      try? await clock.sleep(until: .init(offset: .seconds(20)))
      probe.withLock { $0.append("late done") }
    }
    await clock.waitForSleepers(2)
    await clock.advance(to: .init(offset: .seconds(20)))
    #expect(await clock.finishes(stepping), "the 15 s deadline that started at 10 s was jumped over")
    #expect(await clock.finishes(late))
    #expect(clock.now.offset == .seconds(20))
    #expect(Set(probe.withLock { $0 }) == ["stepping done", "late done"])
  }

  @Test func advanceStopsExactlyAtItsTargetAndLeavesLaterSleepersAsleep() async {
    let clock = TestClock()
    let chain = Task {
      for _ in 1...4 { try? await clock.sleep(for: .seconds(10)) }
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(25))
    #expect(clock.now.offset == .seconds(25))
    await clock.waitForSleepers(1)  // the third sleep, until 30 s
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(15))
    #expect(await clock.finishes(chain))
    #expect(clock.now.offset == .seconds(40))
  }

  @Test func runSkipsEveryWaitHoweverManyAndEndsAtTheLastDeadline() async {
    let clock = TestClock()
    let probe = LockedState<[String]>([])
    let chain = Task {
      for step in 1...20 {
        try? await clock.sleep(for: .seconds(step))
        probe.withLock { $0.append("\(step)") }
      }
    }
    await clock.waitForSleepers(1)
    await clock.run()
    #expect(await clock.finishes(chain), "run() returned with a wait still ahead")
    #expect(probe.withLock { $0 }.count == 20)
    #expect(clock.now.offset == .seconds(210))  // 1 + 2 + … + 20
  }

  @Test func aTaskWithAWaitLeftIsReportedAndEndedAtOnce() async {
    let clock = TestClock()
    let sleeper = Task { _ = try? await clock.sleep(for: .seconds(10)) }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    #expect(await !clock.finishes(sleeper), "a task still asleep on the clock counted as finished")
    #expect(clock.sleeperCount == 0, "the task left asleep was not cancelled")
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func runWithNoSleeperLeavesTimeAlone() async {
    let clock = TestClock()
    await clock.advance(by: .seconds(3))
    await clock.run()
    #expect(clock.now.offset == .seconds(3))
  }
}
