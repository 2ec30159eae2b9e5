import ActionDispatch
import ActionDispatchTesting
import Testing

/// `dispatchAndWait`: "Cancelling the waiting task cancels the run … the run ends as cancelled at
/// once and delivers nothing". `dispatchGroup`: "Each member runs as a normal run of its action
/// … all start before this returns control. Cancelling the awaiting task cancels every member";
/// `DispatchGroupResult`: "in the order they were given"; `cancelled`: "cancelled, superseded or
/// dropped"; the completion form: "calls `completion` once with how they ended".
@MainActor
extension WaitingTests {
  @Test func dispatchAndWaitFromAnAlreadyCancelledTaskDeliversNothingAndEndsCancelled() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let delivered = AdvBox(0)
    let gate = Gate()
    let waiter = Task { @MainActor in
      await gate.passIgnoringCancellation()
      await viewModel.dispatchAndWait(actionId: .a, task: { () async throws -> Int in 1 }) { _, _ in
        delivered.value += 1
      }
    }
    waiter.cancel()
    gate.open()
    await waiter.value
    await listeners.heard(.cancelled, of: .a)
    #expect(delivered.value == 0)
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .cancelled])
    #expect(viewModel.errorMessage(for: .a) == nil)
    #expect(listeners.violations() == [])
  }

  @Test func cancellingADispatchAndWaitQueuedBehindStuckWorkReturnsAndTheQueueGoesOn() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let stuck = Gate()
    let order = AdvBox<[Int]>([])
    let first = viewModel.dispatch(
      actionId: .a, policy: .enqueue,
      task: { () async throws -> Int in
        try await stuck.pass()
        return 1
      }
    ) { _, value in order.value.append(value) }
    let waiter = Task { @MainActor in
      await viewModel.dispatchAndWait(actionId: .a, policy: .enqueue, task: { () async throws -> Int in 2 }) { _, v in
        order.value.append(v)
      }
    }
    await stuck.arrivals(1)
    let third = viewModel.dispatch(actionId: .a, policy: .enqueue, task: { () async throws -> Int in 3 }) { _, value in
      order.value.append(value)
    }
    await listeners.heard(.started, of: .a, count: 3)
    waiter.cancel()
    await waiter.value  // returns though the run before it is still in flight
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .started, .started, .cancelled])
    stuck.open()
    await first.value
    await third.value
    #expect(order.value == [1, 3])
    #expect(listeners.violations() == [])
  }

  @Test func aGroupReportsSupersededAndDroppedMembersAsCancelledInTheGivenOrder() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a, .b, .c])
    let gate = Gate()
    let group = Task { @MainActor in
      await viewModel.dispatchGroup([
        GroupedAction(
          .b,
          task: { () async throws -> Int in
            try await gate.pass()
            return 1
          }),
        GroupedAction(
          .a,
          task: { () async throws -> Int in
            try await gate.pass()
            return 1
          }),
        GroupedAction(.a, policy: .cancelPrevious, task: { () async throws -> Int in 2 }),
        GroupedAction(.b, policy: .ignoreWhileRunning, task: { () async throws -> Int in 3 }),
        GroupedAction(.c, task: { () async throws -> Int in throw TestError(message: "c failed") }),
        GroupedAction(.b, policy: .enqueue, task: { () async throws -> Int in 4 }),
      ])
    }
    await listeners.heard(.started, of: .b, count: 2)
    gate.open()
    let result = await group.value
    #expect(result.succeeded == [.b, .a, .b])
    #expect(result.failed == [.c])
    #expect(result.cancelled == [.a, .b])
    #expect(viewModel.errorMessage(for: .c) == "c failed")
    #expect(!viewModel.isAnyLoading)
    #expect(listeners.violations() == [])
  }

  @Test func cancellingTheCompletionFormsTaskCancelsEveryMemberAndCompletionStillRunsOnce() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a, .b])
    let gate = Gate()
    let results = AdvBox<[DispatchGroupResult<AdvAction>]>([])
    let task = viewModel.dispatchGroup([
      GroupedAction(
        .a,
        task: { () async throws -> Int in
          try await gate.pass()
          return 1
        }),
      GroupedAction(
        .b,
        task: { () async throws -> Int in
          try await gate.pass()
          return 2
        }),
    ]) { results.value.append($0) }
    #expect(viewModel.isLoading(for: .a) && viewModel.isLoading(for: .b))
    task.cancel()
    await task.value
    #expect(results.value == [DispatchGroupResult(cancelled: [.a, .b])])
    #expect(!viewModel.isAnyLoading)
    #expect(listeners.violations() == [])
  }

  @Test func aMemberCancelledByAnotherMembersFailureHookIsReportedCancelled() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a, .b])
    let gate = Gate()
    viewModel.errorHook = { [unowned viewModel] action, _ in if action == .a { viewModel.cancel(.b) } }
    let group = Task { @MainActor in
      await viewModel.dispatchGroup([
        GroupedAction(.a, task: { () async throws -> Int in throw TestError() }),
        GroupedAction(
          .b,
          task: { () async throws -> Int in
            await gate.passIgnoringCancellation()
            return 2
          }),
      ])
    }
    await listeners.heard(.cancelled, of: .b)
    gate.open()
    let result = await group.value
    #expect(result == DispatchGroupResult(failed: [.a], cancelled: [.b]))
    #expect(listeners.violations() == [])
  }
}
