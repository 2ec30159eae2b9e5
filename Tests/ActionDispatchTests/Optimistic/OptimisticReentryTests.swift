import ActionDispatch
import ActionDispatchTesting
import Testing

/// An optimistic change that calls back into its own action (found beside the machine fuzzer,
/// issue 40, item 2): the change is made between the machine's `accept`, which returns the runs
/// the new run supersedes, and `started`, which retires them and counts the action loading; a
/// `cancel(_:)` or a superseding dispatch made by the change has ended those runs (and the new
/// one) by then.
@MainActor
@Suite(.serialExecutor) struct OptimisticReentryTests {
  /// Known issue: `started` counts the action loading for a run the change already cancelled,
  /// and nothing ends that loading.
  @Test func aChangeThatCancelsItsOwnActionLeavesItNotLoading() async {
    let viewModel = TestViewModel()
    let task = viewModel.dispatch(
      actionId: .save, policy: .concurrent,
      optimistic: { viewModel in
        viewModel.cancel(.save)
        return { _ in }
      },
      task: { 1 })
    await task.value
    withKnownIssue("started() counts a run loading after the optimistic change cancelled it") {
      #expect(!viewModel.isLoading(for: .save))
      #expect(viewModel.log == ["status(save, true)", "status(save, false)"] || viewModel.log.isEmpty)
    }
  }

  /// Disabled, as it stops the test process: `started` retires the run the new one superseded a
  /// second time ("Precondition failed: a run ended twice", BaseViewModel+Retirement.swift).
  @Test(.disabled("crashes: a run ended twice (started() retires a stale superseded list)"))
  func aChangeThatCancelsItsActionWhileARunIsSupersededEndsEachRunOnce() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    let gate = Gate()
    let first = viewModel.dispatch(
      actionId: .save, policy: .cancelPrevious,
      task: {
        try await gate.pass()
        return 0
      })
    let second = viewModel.dispatch(
      actionId: .save, policy: .cancelPrevious,
      optimistic: { viewModel in
        viewModel.cancel(.save)
        return { _ in }
      },
      task: { 1 })
    await second.value
    gate.open()
    await first.value
    #expect(!viewModel.isLoading(for: .save))
    #expect(recorder.events.filter { $0 == .cancelled(.save) }.count == 2)
  }

  /// Disabled, as it stops the test process, for the same reason: the change's own superseding
  /// dispatch retires the runs the outer dispatch then retires again.
  @Test(.disabled("crashes: a run ended twice (started() retires a stale superseded list)"))
  func aChangeThatDispatchesItsActionSupersedingEndsEachRunOnce() async {
    let viewModel = TestViewModel()
    let recorder = EventRecorder(viewModel)
    let gate = Gate()
    let first = viewModel.dispatch(
      actionId: .save, policy: .cancelPrevious,
      task: {
        try await gate.pass()
        return 0
      })
    var inner: Task<Void, Never>?
    let second = viewModel.dispatch(
      actionId: .save, policy: .cancelPrevious,
      optimistic: { viewModel in
        inner = viewModel.dispatch(actionId: .save, policy: .cancelPrevious, task: { 2 })
        return { _ in }
      },
      task: { 1 })
    await second.value
    await inner?.value
    gate.open()
    await first.value
    #expect(!viewModel.isLoading(for: .save))
    #expect(recorder.events.filter { $0 == .cancelled(.save) }.count == 2)
    #expect(recorder.events.filter { $0 == .succeeded(.save) }.count == 1)
  }
}
