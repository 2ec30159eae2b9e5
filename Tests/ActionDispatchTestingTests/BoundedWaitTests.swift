import ActionDispatchTesting
import Testing

/// Issue 39, item 4: every wait of the testing library has a limit, and on expiry fails the
/// test saying what it waited for, instead of hanging it. Small limits keep these quick.
@Suite struct BoundedWaitTests {
  @Test func gateArrivalsFailsTheTestOnceItsLimitPasses() async {
    let gate = Gate()
    await withKnownIssue {
      await gate.arrivals(1, limit: .milliseconds(50))
    } matching: { issue in
      let text = StrictWorkTests.text(issue)
      return text.contains("1 arrival(s) at the gate, and 0 came") && text.contains("gate.pass()")
    }
  }

  @Test func gateArrivalsReturnsAtOnceWhenWorkArrives() async throws {
    let gate = Gate()
    let work = Task { try await gate.pass() }
    await gate.arrivals(1, limit: .seconds(30))
    gate.open()
    try await work.value
  }

  @Test func waitForSleepersFailsTheTestOnceItsLimitPasses() async {
    let clock = TestClock()
    await withKnownIssue {
      await clock.waitForSleepers(2, limit: .milliseconds(50))
    } matching: { issue in
      StrictWorkTests.text(issue).contains("2 task(s) to sleep on the test clock, and 0 did")
    }
  }

  @Test func taskValueWithinReturnsTheValue() async throws {
    let task = Task { 42 }
    #expect(try await task.value(within: .seconds(30)) == 42)
    let throwing = Task { () throws -> Int in throw StubError("boom") }
    await #expect(throws: StubError.self) { try await throwing.value(within: .seconds(30)) }
  }

  @Test func taskValueWithinThrowsAWaitTimeoutErrorOnceItsLimitPasses() async {
    let gate = Gate()
    let task = Task { try? await gate.pass() }
    let error = await #expect(throws: WaitTimeoutError.self) { try await task.value(within: .milliseconds(50)) }
    #expect(error?.awaited == "the task to end")
    #expect(error?.limit == .milliseconds(50))
    gate.open()
    await task.value
  }

  @Test func theDefaultLimitIsThirtySeconds() {
    #expect(WaitTimeoutError.defaultLimit == .seconds(30))
  }
}
