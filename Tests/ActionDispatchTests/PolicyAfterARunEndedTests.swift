import ActionDispatch
import ActionDispatchTesting
import Testing

/// How a run ended before a new dispatch arrives, while its work ignores cancellation and is
/// still running.
enum EndedBy: String, CaseIterable, CustomTestStringConvertible {
  case cancelAction, cancelTask, timeout, supersession
  var testDescription: String { rawValue }
}

/// `DispatchPolicy`: ".ignoreWhileRunning — A new run is dropped while a run is in flight";
/// `cancel(_:)`: "Each run ends at once as cancelled"; "A run that a policy supersedes ends as
/// cancelled". A run that has ended is no longer in flight, even while work that ignores
/// cancellation has not returned: a new dispatch must be accepted, not dropped, and must not wait.
@MainActor
extension PolicyTests {
  @Test(arguments: EndedBy.allCases)
  func anIgnoreWhileRunningDispatchIsAcceptedOnceTheRunInFlightHasEnded(endedBy: EndedBy) async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let stuck = Gate()
    let delivered = AdvBox<[Int]>([])
    let first = viewModel.dispatch(
      actionId: .a, timeout: endedBy == .timeout ? .seconds(1) : nil,
      task: { () async throws -> Int in
        await stuck.passIgnoringCancellation()
        return 1
      }, onSuccess: { _, value in delivered.value.append(value) })
    await stuck.arrivals(1)
    var superseding: Task<Void, Never>?
    switch endedBy {
    case .cancelAction: viewModel.cancel(.a)
    case .cancelTask:
      first.cancel()
      await listeners.heard(.cancelled, of: .a)
    case .timeout:
      await clock.waitForSleepers(1)
      await clock.advance(by: .seconds(1))
      await listeners.heard(.failed, of: .a)
    case .supersession:
      superseding = viewModel.dispatch(actionId: .a, policy: .cancelPrevious, task: { () async throws -> Int in 2 }) {
        _, value in delivered.value.append(value)
      }
      await superseding?.value
    }
    #expect(!viewModel.isLoading(for: .a))

    let next = viewModel.dispatch(actionId: .a, policy: .ignoreWhileRunning, task: { () async throws -> Int in 3 }) {
      _, value in delivered.value.append(value)
    }
    #expect(viewModel.isLoading(for: .a), "the dispatch was dropped though no run was in flight")
    await next.value
    #expect(delivered.value == (endedBy == .supersession ? [2, 3] : [3]))
    #expect(!listeners.kinds(listeners.early, of: .a).contains(.dropped))

    stuck.open()
    await first.value
    #expect(delivered.value == (endedBy == .supersession ? [2, 3] : [3]), "the ended run delivered")
    #expect(listeners.violations() == [])
  }

  @Test func anEnqueuedRunWaitsForEveryAttemptOfARetryingPredecessorThenRuns() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let order = AdvBox<[String]>([])
    let first = viewModel.dispatch(
      actionId: .a, retry: RetryPolicy(maxAttempts: 3, initialBackoff: .seconds(1)),
      task: { () async throws -> Int in
        order.value.append("first@\(clock.now.offset)")
        throw TestError(message: "first failed")
      })
    let second = viewModel.dispatch(
      actionId: .a, policy: .enqueue,
      task: { () async throws -> Int in
        order.value.append("second@\(clock.now.offset)")
        return 2
      })
    await clock.waitForSleepers(1)
    await clock.run()
    await first.value
    await second.value
    #expect(order.value == ["first@0.0 seconds", "first@1.0 seconds", "first@3.0 seconds", "second@3.0 seconds"])
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .started, .failed, .succeeded])
    #expect(viewModel.errorMessage(for: .a) == "first failed")
    #expect(listeners.violations() == [])
  }

  @Test func aRunSupersededDuringItsBackoffLeavesNoSleeperAndStartsNoFurtherAttempt() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let attempts = AdvBox(0)
    let first = viewModel.dispatch(
      actionId: .a, retry: RetryPolicy(maxAttempts: 5, initialBackoff: .seconds(1)),
      task: { () async throws -> Int in
        attempts.value += 1
        throw TestError()
      })
    await clock.waitForSleepers(1)
    let second = viewModel.dispatch(actionId: .a, policy: .cancelPrevious, task: { () async throws -> Int in 2 })
    await first.value
    await second.value
    #expect(clock.sleeperCount == 0, "the superseded run's backoff is still on the clock")
    await clock.run()
    #expect(attempts.value == 1)
    #expect(clock.now.offset == .zero)
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .started, .cancelled, .succeeded])
    #expect(viewModel.errorMessage(for: .a) == nil)
    #expect(listeners.violations() == [])
  }

  @Test func workThatThrowsCancellationErrorUncancelledEndsTheRunOnceAndLoadingStops() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let retried = AdvBox(0)
    await viewModel.dispatch(
      actionId: .a, retry: RetryPolicy(maxAttempts: 2, initialBackoff: .zero),
      task: { () async throws -> Int in
        retried.value += 1
        throw CancellationError()
      }
    ).value
    #expect(!viewModel.isLoading(for: .a))
    #expect(!viewModel.isAnyLoading)
    #expect(listeners.kinds(listeners.early, of: .a).count == 2)
    #expect(viewModel.statusLog[.a] == [true, false])
    #expect(listeners.violations() == [])
  }

  @Test func aZeroTimeoutFailsTheRunWithATimeoutAndDeliversNoResult() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let delivered = AdvBox(0)
    let run = viewModel.dispatch(
      actionId: .a, timeout: .zero,
      task: { () async throws -> Int in
        try await gate.pass()
        return 1
      }, onSuccess: { _, _ in delivered.value += 1 })
    await listeners.heard(.failed, of: .a)
    gate.open()
    await run.value
    #expect(delivered.value == 0)
    #expect(viewModel.failure(for: .a) is ActionTimeoutError)
    #expect(listeners.violations() == [])
  }
}
