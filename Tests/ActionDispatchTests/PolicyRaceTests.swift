import ActionDispatch
import ActionDispatchTesting
import Testing

/// Superseding and queueing at awkward moments. `DispatchPolicy`: a superseded run "ends as
/// cancelled and never delivers"; `.debounce`: "A dispatch during the quiet period supersedes the
/// waiting run"; `.enqueue`: "Runs execute one after another, in the order they were dispatched".
@MainActor
extension PolicyTests {
  @Test func cancellingTheTaskOfAWaitingEnqueuedRunSkipsItAndTheQueueGoesOnInOrder() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let executed = AdvBox<[Int]>([])
    let first = viewModel.dispatch(
      actionId: .a, policy: .enqueue,
      task: {
        try await gate.pass()
        executed.value.append(1)
      })
    let second = viewModel.dispatch(actionId: .a, policy: .enqueue, task: { executed.value.append(2) })
    let third = viewModel.dispatch(actionId: .a, policy: .enqueue, task: { executed.value.append(3) })
    await gate.arrivals(1)

    second.cancel()
    await second.value  // a waiting run ends without waiting for the one ahead of it
    #expect(viewModel.isLoading(for: .a))
    gate.open()
    await first.value
    await third.value

    #expect(executed.value == [1, 3])
    let kinds = listeners.early.map { "\($0.run).\($0.kind)" }
    let runs = Array(Set(listeners.early.map(\.run))).sorted()
    #expect(runs.count == 3)
    #expect(
      listeners.early.filter { $0.run == runs[1] }.map(\.kind) == [.started, .cancelled], "\(kinds)")
    #expect(listeners.violations() == [])
    #expect(viewModel.statusLog[.a] == [true, false])
  }

  @Test func anEnqueuedRunDispatchedAfterCancellingAStuckQueueStartsWithoutWaitingForTheStuckWork() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let stuck = Gate()
    let executed = AdvBox<[Int]>([])
    let head = viewModel.dispatch(
      actionId: .a, policy: .enqueue, task: { await stuck.passIgnoringCancellation() })
    let waiting = viewModel.dispatch(actionId: .a, policy: .enqueue, task: { executed.value.append(2) })
    await stuck.arrivals(1)

    viewModel.cancel(.a)
    #expect(!viewModel.isLoading(for: .a))
    await waiting.value
    await viewModel.dispatch(actionId: .a, policy: .enqueue, task: { executed.value.append(3) }).value

    #expect(executed.value == [3])
    #expect(listeners.violations() == [])
    stuck.open()
    await head.value
  }

  @Test func aDroppedIgnoreWhileRunningDispatchReturnsACompletedTaskAndTheRunningOneStillDelivers() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let delivered = AdvBox<[Int]>([])
    let first = viewModel.dispatch(
      actionId: .a, policy: .ignoreWhileRunning,
      task: { () async throws -> Int in
        try await gate.pass()
        return 1
      }, onSuccess: { _, value in delivered.value.append(value) })
    for _ in 0..<100 {
      await viewModel.dispatch(
        actionId: .a, policy: .ignoreWhileRunning, task: { 2 }, onSuccess: { _, value in delivered.value.append(value) }
      ).value
    }
    gate.open()
    await first.value

    #expect(delivered.value == [1])
    #expect(listeners.kinds(listeners.early, of: .a).filter { $0 == .dropped }.count == 100)
    #expect(listeners.violations() == [])
    #expect(viewModel.statusLog[.a] == [true, false])
  }
}
