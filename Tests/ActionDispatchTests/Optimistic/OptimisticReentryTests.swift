import ActionDispatch
import ActionDispatchTesting
import Testing

/// An optimistic change that calls back into its own action (found beside the machine fuzzer,
/// issue 40, item 2): the change was made between the machine's `accept`, which returns the runs
/// the new run supersedes, and `started`, which retires them and counts the action loading, so a
/// `cancel(_:)` or a superseding dispatch made by the change left the action loading for ever or
/// ended a run twice (a crash). The change is now made once the run has started.
@MainActor
@Suite(.serialExecutor) struct OptimisticReentryTests {
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
    #expect(!viewModel.isLoading(for: .save))
    #expect(viewModel.log == ["status(save, true)", "status(save, false)"])
  }

  @Test func aChangeThatCancelsItsActionWhileARunIsSupersededEndsEachRunOnce() async {
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

  @Test func aChangeThatDispatchesItsActionSupersedingEndsEachRunOnce() async {
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
