import ActionDispatch
import ActionDispatchTesting
import Testing

/// Issue 10, item 4 and the re-entrancy contract: whatever a hook, an `On` handler or an
/// `observeEvents` handler does to the view model, every listener sees every run's events in
/// lifecycle order. What a listener sees of a run its own callback starts or ends: notifications
/// raised during a notification are queued and delivered, in order, after it returns.
@MainActor
@Suite(.serialExecutor) struct ReentrantOrderTests {
  /// Dispatches `.a` behind a gate with `react` installed, and returns the harness after the run ended.
  func runA(
    reactingTo trigger: String,
    _ reaction: @escaping @MainActor (RowViewModel, ListenerHarness) -> Void
  ) async -> (ListenerHarness, RowViewModel, deliveredDuringCallback: [String]) {
    let viewModel = RowViewModel()
    let harness = ListenerHarness(viewModel, observing: [.a, .b])
    var fired = false
    var deliveredDuringCallback: [String] = []
    harness.react = { [unowned harness] entry in
      guard !fired, entry.key == trigger else { return }
      fired = true
      let before = harness.log.entries.count
      reaction(viewModel, harness)
      deliveredDuringCallback = harness.log.entries.dropFirst(before).map(\.description)
    }
    let gate = Gate()
    let run = viewModel.dispatch(actionId: .a, task: { try await gate.pass() })
    gate.open()
    await run.value
    #expect(fired, "the trigger \(trigger) never fired")
    return (harness, viewModel, deliveredDuringCallback)
  }

  @Test(arguments: ["hook:a.loading(true)", "on:a.started", "events:a.started"])
  func cancelInsideAStartedCallbackIsSeenByEveryListenerAfterStarted(trigger: String) async {
    let (harness, viewModel, during) = await runA(reactingTo: trigger) { viewModel, _ in viewModel.cancel(.a) }
    #expect(harness.seen(by: .events) == ["a.started", "a.cancelled"])
    #expect(harness.seen(by: .on) == ["a.started", "a.cancelled", "a.finished"])
    #expect(harness.seen(by: .hook) == ["a.loading(true)", "a.loading(false)"])
    #expect(LifecycleInvariants.violations(in: harness.log, idle: true) == [])
    #expect(during == [], "the cancellation was delivered inside the callback that caused it, not after it")
    #expect(!viewModel.isLoading(for: .a))
  }

  @Test(arguments: ["hook:a.loading(true)", "on:a.started", "events:a.started"])
  func cancelAllInsideAStartedCallbackEndsTheRunOnceAsCancelled(trigger: String) async {
    let (harness, _, during) = await runA(reactingTo: trigger) { viewModel, _ in viewModel.cancelAll() }
    #expect(harness.seen(by: .events) == ["a.started", "a.cancelled"])
    #expect(LifecycleInvariants.violations(in: harness.log, idle: true) == [])
    #expect(during == [])
  }

  @Test(arguments: ["hook:a.succeeded", "on:a.succeeded", "events:a.succeeded", "on:a.finished"])
  func aRunDispatchedFromAnEndCallbackIsSeenStartingAfterThatCallbackReturns(trigger: String) async {
    var second: Task<Void, Never>?
    let (harness, _, during) = await runA(reactingTo: trigger) { viewModel, _ in
      second = viewModel.dispatch(actionId: .b, task: { 2 })
    }
    await second?.value
    #expect(during == [], "the new run's notifications were delivered inside the callback that dispatched it")
    let events = harness.seen(by: .events)
    #expect(events == ["a.started", "a.succeeded", "b.started", "b.succeeded"])
    #expect(LifecycleInvariants.violations(in: harness.log, idle: true) == [])
  }

  @Test func reDispatchingTheSameActionWhenItGoesIdleKeepsStatusUpdatesBalanced() async {
    var second: Task<Void, Never>?
    let (harness, viewModel, _) = await runA(reactingTo: "hook:a.loading(false)") { viewModel, _ in
      second = viewModel.dispatch(actionId: .a, task: { 2 })
    }
    await second?.value
    #expect(
      harness.seen(by: .hook) == [
        "a.loading(true)", "a.succeeded", "a.loading(false)", "a.loading(true)", "a.succeeded", "a.loading(false)",
      ])
    #expect(LifecycleInvariants.violations(in: harness.log, idle: true) == [])
    #expect(!viewModel.isLoading(for: .a))
  }

  @Test func anEventsStreamSeesStartedBeforeACancelMadeInsideAHook() async {
    var viewModel: RowViewModel? = RowViewModel()
    let stream = viewModel!.events()
    viewModel!.statusHook = { [weak viewModel] action, isLoading in
      if isLoading { viewModel?.cancel(action) }
    }
    await viewModel!.dispatch(actionId: .a, task: { 1 }).value
    viewModel = nil  // finishes the stream
    var kinds: [ActionEvent<RowAction>.Kind] = []
    for await event in stream { kinds.append(event.kind) }
    #expect(kinds == [.started, .cancelled])
  }

  @Test func clearErrorInsideTheErrorHookLeavesNoErrorAndOneFailedEvent() async {
    let viewModel = RowViewModel()
    let harness = ListenerHarness(viewModel, observing: [.a])
    harness.react = { entry in
      if entry.key == "hook:a.failed" { viewModel.clearError(for: .a) }
    }
    await viewModel.dispatch(actionId: .a, task: { () async throws -> Int in throw TestError() }).value
    #expect(viewModel.errorMessage(for: .a) == nil)
    #expect(harness.seen(by: .events) == ["a.started", "a.failed"])
    #expect(harness.seen(by: .on) == ["a.started", "a.failed", "a.finished"])
    #expect(LifecycleInvariants.violations(in: harness.log, idle: true) == [])
  }

  @Test func cancellingAnotherRunOfTheSameActionFromASucceededHandlerEndsItOnce() async {
    let viewModel = RowViewModel()
    let harness = ListenerHarness(viewModel, observing: [.a])
    harness.react = { entry in
      if entry.key == "on:a.succeeded" { viewModel.cancel(.a) }
    }
    let gate = Gate()
    let slow = viewModel.dispatch(actionId: .a, task: { try await gate.pass() })
    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    gate.open()
    await slow.value
    let events = harness.seen(by: .events)
    #expect(events == ["a.started", "a.started", "a.succeeded", "a.cancelled"])
    #expect(harness.seen(by: .hook) == ["a.loading(true)", "a.succeeded", "a.loading(false)"])
    #expect(LifecycleInvariants.violations(in: harness.log, idle: true) == [])
  }
}
