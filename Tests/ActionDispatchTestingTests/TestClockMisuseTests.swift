import ActionDispatchTesting
import Testing

/// `TestClock`: a mistake in a test fails that test with a message, and never stops the process.
/// `advance(by:fileID:filePath:line:column:)`: "A negative one fails the test and leaves the clock where it
/// is"; `init(settlingRounds:fileID:filePath:line:column:)`: "A value below 1 fails the test that made the
/// clock, which then uses 1."
@Suite struct TestClockMisuseTests {
  @Test func advancingByANegativeDurationFailsTheTestAndLeavesTheClockWhereItIs() async {
    let clock = TestClock()
    await clock.advance(by: .seconds(2))
    await withKnownIssue {
      await clock.advance(by: .milliseconds(-1))
    } matching: { issue in
      Self.text(issue).contains("TestClock cannot move backwards: advance(by: -0.001 seconds) left it at 2.0 seconds")
    }
    #expect(clock.now.offset == .seconds(2))
    await clock.advance(by: .seconds(1))
    #expect(clock.now.offset == .seconds(3))
  }

  @Test(arguments: [0, -5])
  func aSettlingRoundsBelowOneFailsTheTestAndTheClockUsesOne(rounds: Int) async {
    var clock: TestClock?
    withKnownIssue {
      clock = TestClock(settlingRounds: rounds)
    } matching: { issue in
      Self.text(issue).contains("TestClock(settlingRounds: \(rounds)): settlingRounds must be at least 1")
    }
    #expect(clock?.settlingRounds == 1)
    // The clock still works: a sleeper is woken at its deadline.
    let sleeper = Task { [clock] in try await clock?.sleep(for: .seconds(1)) }
    await clock?.waitForSleepers(1)
    await clock?.advance(by: .seconds(1))
    #expect((try? await sleeper.value) != nil)
  }

  private static func text(_ issue: Issue) -> String {
    String(describing: issue)
  }
}
