import ActionDispatch
import ActionDispatchTesting
import Observation
import Testing

@MainActor
@Suite(.serialExecutor) struct LoadingIndicatorTests {
  let clock = TestClock()
  let indicator = LoadingIndicator(delay: .milliseconds(200), minimumDuration: .milliseconds(500))

  @Test func immediateEqualsIsLoading() async {
    let viewModel = TestViewModel(clock: clock)
    #expect(viewModel.loadingIndicator == .immediate)
    let gate = Gate()
    let run = viewModel.dispatch(actionId: .load, task: { try await gate.pass() })
    #expect(viewModel.isShowingLoading(for: .load))
    gate.open()
    await run.value
    #expect(!viewModel.isShowingLoading(for: .load))
  }

  @Test func aLoadThatEndsBeforeTheDelayNeverShows() async {
    let viewModel = TestViewModel(clock: clock, loadingIndicator: indicator)
    let gate = Gate()
    let run = viewModel.dispatch(actionId: .load, task: { try await gate.pass() })
    await clock.waitForSleepers(1)
    #expect(!viewModel.isShowingLoading(for: .load))
    await clock.advance(by: .milliseconds(199))
    #expect(!viewModel.isShowingLoading(for: .load))
    gate.open()
    await run.value
    await clock.advance(by: .seconds(1))
    #expect(!viewModel.isShowingLoading(for: .load))
    #expect(clock.sleeperCount == 0, "the delay timer was cancelled")
  }

  @Test func showsAfterTheDelayAndStaysForTheMinimumDuration() async {
    let viewModel = TestViewModel(clock: clock, loadingIndicator: indicator)
    let gate = Gate()
    let run = viewModel.dispatch(actionId: .load, task: { try await gate.pass() })
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(200))
    #expect(viewModel.isShowingLoading(for: .load))
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(50))
    gate.open()
    await run.value
    #expect(!viewModel.isLoading(for: .load))
    #expect(viewModel.isShowingLoading(for: .load), "shown 50 ms ago: stays for 500 ms")
    await clock.advance(by: .milliseconds(449))
    #expect(viewModel.isShowingLoading(for: .load))
    await clock.advance(by: .milliseconds(1))
    #expect(!viewModel.isShowingLoading(for: .load))
    #expect(clock.now.offset == .milliseconds(700))
  }

  @Test func staysWhileLoadingPastTheMinimumDuration() async {
    let viewModel = TestViewModel(clock: clock, loadingIndicator: indicator)
    let gate = Gate()
    let run = viewModel.dispatch(actionId: .load, task: { try await gate.pass() })
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(200))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(2))
    #expect(viewModel.isShowingLoading(for: .load))
    gate.open()
    await run.value
    #expect(!viewModel.isShowingLoading(for: .load), "the minimum has passed: hides with loading")
  }

  @Test func loadingAgainDuringTheMinimumKeepsItShown() async {
    let viewModel = TestViewModel(clock: clock, loadingIndicator: indicator)
    let first = Gate()
    let run = viewModel.dispatch(actionId: .load, task: { try await first.pass() })
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(200))
    await clock.waitForSleepers(1)
    first.open()
    await run.value
    let second = Gate()
    let again = viewModel.dispatch(actionId: .load, task: { try await second.pass() })
    await clock.advance(by: .milliseconds(500))
    #expect(viewModel.isShowingLoading(for: .load), "loading again: no gap, no new delay")
    second.open()
    await again.value
    #expect(!viewModel.isShowingLoading(for: .load))
  }

  @Test func zeroDelayShowsAtOnceAndKeepsTheMinimum() async {
    let viewModel = TestViewModel(
      clock: clock, loadingIndicator: LoadingIndicator(delay: .zero, minimumDuration: .seconds(1)))
    await viewModel.dispatch(actionId: .load, task: { 1 }).value
    #expect(viewModel.isShowingLoading(for: .load))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    #expect(!viewModel.isShowingLoading(for: .load))
  }

  @Test func isObservablePerAction() async {
    let viewModel = TestViewModel(clock: clock, loadingIndicator: indicator)
    let changed = Flag()
    withObservationTracking {
      _ = viewModel.isShowingLoading(for: .load)
    } onChange: {
      MainActor.assumeIsolated { changed.value = true }
    }
    let gate = Gate()
    let run = viewModel.dispatch(actionId: .load, task: { try await gate.pass() })
    changed.value = false  // starting to load invalidates idle readers; re-track
    withObservationTracking {
      _ = viewModel.isShowingLoading(for: .load)
    } onChange: {
      MainActor.assumeIsolated { changed.value = true }
    }
    let other = Flag()
    withObservationTracking {
      _ = viewModel.isShowingLoading(for: .save)
    } onChange: {
      MainActor.assumeIsolated { other.value = true }
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(200))
    #expect(changed.value, "the indicator appearing invalidates its reader")
    #expect(!other.value, "another action's reader is untouched")
    gate.open()
    await run.value
  }

  @Test func anIdleActionHoldsNoStateAfterTheIndicatorHides() async {
    let viewModel = TestViewModel(clock: clock, loadingIndicator: indicator)
    let gate = Gate()
    let run = viewModel.dispatch(actionId: .load, task: { try await gate.pass() })
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(200))
    gate.open()
    await run.value
    #expect(viewModel.actionsWithState == 1, "shown: its state stays for the minimum")
    await clock.run()
    #expect(!viewModel.isShowingLoading(for: .load))
    #expect(viewModel.actionsWithState == 0)
  }

  @Test func cancelAndReleaseStopTheTimers() async {
    var viewModel: TestViewModel? = TestViewModel(clock: clock, loadingIndicator: indicator)
    weak let released = viewModel
    let gate = Gate()
    let run = viewModel!.dispatch(actionId: .load, task: { try await gate.pass() })
    await clock.waitForSleepers(1)
    viewModel!.cancel(.load)
    await run.value
    #expect(!viewModel!.isShowingLoading(for: .load))
    let again = viewModel!.dispatch(actionId: .load, task: { try await gate.pass() })
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(200))
    #expect(viewModel!.isShowingLoading(for: .load))
    viewModel = nil
    #expect(released == nil)
    await again.value
    await clock.run()
    #expect(clock.sleeperCount == 0)
  }

  @Test func aReentrantCancelInsideAStartedObserverLeavesTheIndicatorOff() async {
    let viewModel = TestViewModel(clock: clock, loadingIndicator: indicator)
    let token = viewModel.observe {
      On(.load).started { viewModel.cancel(.load) }
    }
    await viewModel.dispatch(actionId: .load, task: { 1 }).value
    await clock.run()
    #expect(!viewModel.isShowingLoading(for: .load))
    #expect(viewModel.actionsWithState == 0)
    _ = token
  }
}

@MainActor
final class Flag {
  var value = false
}
