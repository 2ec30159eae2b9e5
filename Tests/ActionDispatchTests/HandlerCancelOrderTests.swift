import ActionDispatch
import ActionDispatchTesting
import Testing

/// Issue 30, item 4: the same order on every path. A result handler that cancels its own action
/// ends the action's loading at once, and the loading-off hook still comes where every other end
/// puts it: after the run's `On` end handler, right before its event and `finished`.
@MainActor
@Suite(.serialExecutor) struct HandlerCancelOrderTests {
  /// Everything the listeners saw of one run of `.a` whose result handlers run `react`.
  func runA(fails: Bool, cancelIn trigger: String) async -> (seen: [String], problems: [String], loading: Bool?) {
    let viewModel = RowViewModel()
    let harness = ListenerHarness(viewModel, observing: [.a])
    var loadingAfterCancel: Bool?
    let cancel = { @MainActor in
      viewModel.cancel(.a)
      loadingAfterCancel = viewModel.isLoading(for: .a)
    }
    harness.react = { entry in if entry.key == trigger { cancel() } }
    await viewModel.dispatch(
      actionId: .a,
      task: { () async throws -> Int in
        if fails { throw TestError() }
        return 1
      },
      onSuccess: { _, _ in if trigger == "closure" { cancel() } },
      onFailure: { _, _ in if trigger == "closure" { cancel() } }
    ).value
    let seen = harness.log.entries.map { "\($0.listener.rawValue):\($0.phase)" }
    return (seen, LifecycleInvariants.violations(in: harness.log, idle: true), loadingAfterCancel)
  }

  @Test(arguments: ["closure", "hook:a.succeeded", "on:a.succeeded"])
  func aSuccessHandlerCancellingItsOwnActionGetsTheLoadingOffHookBeforeFinished(trigger: String) async {
    let (seen, problems, loading) = await runA(fails: false, cancelIn: trigger)
    #expect(loading == false, "cancel(_:) returned with the action still loading")
    #expect(
      seen == [
        "hook:loading(true)", "events:started", "on:started",
        "hook:succeeded", "on:succeeded", "hook:loading(false)", "events:succeeded", "on:finished",
      ])
    #expect(problems == [])
  }

  @Test(arguments: ["closure", "hook:a.failed", "on:a.failed"])
  func aFailureHandlerCancellingItsOwnActionGetsTheLoadingOffHookBeforeFinished(trigger: String) async {
    let (seen, problems, loading) = await runA(fails: true, cancelIn: trigger)
    #expect(loading == false, "cancel(_:) returned with the action still loading")
    #expect(
      seen == [
        "hook:loading(true)", "events:started", "on:started",
        "hook:failed", "on:failed", "hook:loading(false)", "events:failed", "on:finished",
      ])
    #expect(problems == [])
  }

  @Test func aHandlerThatCancelsAndDispatchesAgainKeepsTheLoadingHooksPaired() async {
    let viewModel = RowViewModel()
    let harness = ListenerHarness(viewModel, observing: [.a])
    var second: Task<Void, Never>?
    await viewModel.dispatch(actionId: .a, task: { 1 }) { viewModel, _ in
      viewModel.cancel(.a)
      second = viewModel.dispatch(actionId: .a, task: { 2 })
    }.value
    await second?.value
    #expect(
      harness.seen(by: .hook) == [
        "a.loading(true)", "a.succeeded", "a.loading(false)", "a.loading(true)", "a.succeeded", "a.loading(false)",
      ])
    #expect(LifecycleInvariants.violations(in: harness.log, idle: true) == [])
  }
}
