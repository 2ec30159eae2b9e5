import ActionDispatch
import ActionDispatchTesting
import Testing

/// When an optimistic change is made and resolved, one policy at a time (issue 24).
@MainActor
@Suite(.serialExecutor) struct OptimisticChangeTests {
  let clock = TestClock()

  @Test func aSucceedingRunKeepsItsChangeAndAFailingOneRollsItBack() async {
    let viewModel = StarViewModel(clock: clock)
    await viewModel.toggle(policy: .concurrent) { _ in }.value
    #expect(viewModel.starred && viewModel.rollbacks == 0)
    await viewModel.toggle(policy: .concurrent) { _ in throw TestError() }.value
    #expect(viewModel.starred, "the failed unstar was rolled back")
    #expect(viewModel.rollbacks == 1)
    #expect(viewModel.failure(for: .star) as? TestError == TestError())
  }

  @Test func theChangeIsMadeBeforeDispatchReturnsAndRolledBackWhenTheRunIsCancelled() async {
    let viewModel = StarViewModel(clock: clock)
    let gate = Gate()
    let task = viewModel.toggle(policy: .concurrent) { _ in try await gate.pass() }
    #expect(viewModel.starred, "shown at once")
    task.cancel()
    await task.value
    #expect(!viewModel.starred)
    #expect(viewModel.rollbacks == 1)
  }

  @Test func aDroppedDispatchMakesNoChangeSoADoubleTapKeepsTheFirst() async {
    let viewModel = StarViewModel(clock: clock)
    let gate = Gate()
    let first = viewModel.toggle(policy: .ignoreWhileRunning) { _ in try await gate.pass() }
    await viewModel.toggle(policy: .ignoreWhileRunning) { _ in Issue.record("a dropped dispatch ran") }.value
    #expect(viewModel.starred, "the second tap was dropped: the row still shows the first tap's change")
    #expect(viewModel.changesMade == 1)
    gate.open()
    await first.value
    #expect(viewModel.starred && viewModel.rollbacks == 0)
  }

  @Test func aHeldDispatchMakesItsChangeWhenItStartsAndAReplacedOneNever() async {
    let viewModel = StarViewModel(clock: clock)
    let throttle = DispatchPolicy.throttle(.seconds(1))
    await viewModel.toggle(policy: throttle) { _ in }.value
    #expect(viewModel.starred && viewModel.changesMade == 1)
    let replaced = viewModel.toggle(policy: throttle) { _ in Issue.record("a replaced dispatch ran") }
    let latest = viewModel.toggle(policy: throttle) { _ in }
    await replaced.value
    #expect(viewModel.starred && viewModel.changesMade == 1, "held dispatches make no change yet")
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await latest.value
    #expect(!viewModel.starred, "the held tap made its change when it started, and kept it")
    #expect(viewModel.changesMade == 2 && viewModel.rollbacks == 0)
  }

  @Test func aSupersededRunsRollbackNeverUndoesTheNewerRunsChange() async {
    let viewModel = StarViewModel(clock: clock)
    let gate = Gate()
    let first = viewModel.toggle(policy: .cancelPrevious) { _ in try await gate.pass() }
    let second = viewModel.toggle(policy: .cancelPrevious) { _ in try await gate.pass() }
    await first.value
    #expect(!viewModel.starred, "the first run was superseded; its rollback waits under the second's change")
    #expect(viewModel.rollbacks == 0)
    gate.open()
    await second.value
    #expect(!viewModel.starred && viewModel.rollbacks == 0, "the second run succeeded: the first's rollback is dropped")
  }

  @Test func aFailingNewerRunRollsBackItsChangeThenTheSupersededOnes() async {
    let viewModel = StarViewModel(clock: clock)
    let gate = Gate()
    _ = viewModel.toggle(policy: .cancelPrevious) { _ in try await gate.pass() }  // star
    _ = viewModel.toggle(policy: .cancelPrevious) { _ in try await gate.pass() }  // unstar
    let third = viewModel.toggle(policy: .cancelPrevious) { _ in  // star again
      try await gate.pass()
      throw TestError()
    }
    #expect(viewModel.starred)
    gate.open()
    await third.value
    #expect(!viewModel.starred, "every change rolled back, newest first: the row shows the server's state")
    #expect(viewModel.rollbacks == 3)
  }

  @Test func aTimeoutIsAFailureAndRollsBack() async {
    let viewModel = StarViewModel(clock: clock)
    let gate = Gate()
    let task = viewModel.toggle(policy: .enqueue, timeout: .seconds(2)) { _ in try await gate.pass() }
    await gate.arrivals(1)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(2))
    await task.value
    #expect(!viewModel.starred)
    #expect(viewModel.failure(for: .star) is ActionTimeoutError)
  }
}
