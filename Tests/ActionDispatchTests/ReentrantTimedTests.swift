import ActionDispatch
import ActionDispatchTesting
import Testing

/// A view model that follows the docs: closures take the view model, the work captures nothing.
@MainActor
private final class TimedViewModel: BaseViewModel<AdvAction> {
  var failures = 0
  func load(
    timeout: Duration?, gate: Gate, onFailure: @escaping @MainActor (TimedViewModel) -> Void
  ) -> Task<Void, Never> {
    dispatch(
      actionId: .a, timeout: timeout,
      task: { () async throws -> Int in
        try await gate.pass()
        throw TestError(message: "load failed")
      }, onSuccess: nil
    ) { viewModel, _ in
      viewModel.failures += 1
      onFailure(viewModel)
    }
  }
  func hold(_ action: AdvAction, gate: Gate) -> Task<Void, Never> {
    dispatch(
      actionId: action,
      task: { () async throws -> Int in
        try await gate.pass()
        return 1
      }
    ) { _, _ in Issue.record("a run of a released view model delivered") }
  }
}

/// GettingStarted.md: "A hook, an `observe { On(...) }` handler, an `observeEvents` handler or a
/// success closure may dispatch, cancel, clear an error, cancel its token or release the view
/// model"; ``ActionDispatching``: "if it is released while the work is in flight, its runs are
/// cancelled and nothing is delivered" — for failures that a timeout or a retry's last attempt
/// raises, which end on the clock's schedule rather than the work's.
@MainActor
extension ReentrantEffectsTests {
  @Test(arguments: [true, false])
  func releasingTheViewModelInsideOnFailureFreesItAndCancelsItsOtherRuns(byTimeout: Bool) async {
    let clock = TestClock()
    let gate = Gate()
    let other = Gate()
    var viewModel: TimedViewModel? = TimedViewModel(clock: clock)
    weak let weakViewModel = viewModel
    let events = viewModel!.events()
    let held = viewModel!.hold(.b, gate: other)
    let run = viewModel!.load(timeout: byTimeout ? .seconds(1) : nil, gate: gate) { _ in viewModel = nil }
    if byTimeout {
      await clock.waitForSleepers(1)
      await clock.advance(by: .seconds(1))
    } else {
      gate.open()
    }
    await run.value
    #expect(weakViewModel == nil, "the view model outlived its release")
    var kinds: [String] = []
    for await event in events { kinds.append("\(event.kind)(\(event.actionId))") }
    #expect(kinds == ["started(b)", "started(a)", "failed(a)"])
    gate.open()
    other.open()
    await held.value
  }

  @Test func aFailedHandlerOfATimedOutRunThatRedispatchesGetsAWholeFreshRun() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let fresh = AdvBox<Task<Void, Never>?>(nil)
    let token = viewModel.observe {
      On(.a).failed { _ in
        guard fresh.value == nil else { return }
        fresh.value = viewModel.dispatch(
          actionId: .a, policy: .cancelPrevious, timeout: .seconds(1),
          task: { () async throws -> Int in 2 })
      }
    }
    let run = viewModel.dispatch(
      actionId: .a, timeout: .seconds(1),
      task: { () async throws -> Int in
        await gate.passIgnoringCancellation()
        return 1
      }, onSuccess: { _, _ in Issue.record("the timed-out run delivered") })
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await listeners.heard(.failed, of: .a)
    await fresh.value?.value
    #expect(viewModel.errorMessage(for: .a) == nil, "the fresh run did not clear the timeout error")
    gate.open()
    await run.value
    await clock.run()
    #expect(listeners.perRun(listeners.early, of: .a) == [[.started, .failed], [.started, .succeeded]])
    #expect(listeners.violations() == [])
    token.cancel()
  }

  @Test func cancellingInsideTheStartedHandlerOfADebouncedRunEndsItBeforeItsWorkEverRuns() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let ran = AdvBox(0)
    let token = viewModel.observe { On(.a).started { viewModel.cancel(.a) } }
    let run = viewModel.dispatch(
      actionId: .a, policy: .debounce(.seconds(1)),
      task: { () async throws -> Int in
        ran.value += 1
        return 1
      })
    await run.value
    await clock.run()
    #expect(ran.value == 0)
    #expect(clock.sleeperCount == 0)
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .cancelled])
    #expect(listeners.violations() == [])
    token.cancel()
  }

  @Test func aRetryingRunCancelledFromAnotherActionsHookDuringItsBackoffStartsNoFurtherAttempt() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a, .b])
    let attempts = AdvBox(0)
    viewModel.successHook = { [unowned viewModel] action, _ in if action == .b { viewModel.cancel(.a) } }
    let retrying = viewModel.dispatch(
      actionId: .a, retry: RetryPolicy(maxAttempts: 4, initialBackoff: .seconds(1)),
      task: { () async throws -> Int in
        attempts.value += 1
        throw TestError()
      })
    let trigger = viewModel.dispatch(
      actionId: .b, policy: .debounce(.milliseconds(1_500)), task: { () async throws -> Int in 1 })
    await clock.waitForSleepers(2)
    await clock.run()
    await retrying.value
    await trigger.value
    #expect(attempts.value == 2, "attempts at 0 s and 1 s; the cancel at 1.5 s lands in the second backoff")
    #expect(viewModel.errorMessage(for: .a) == nil)
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .cancelled])
    #expect(listeners.violations() == [])
  }
}
