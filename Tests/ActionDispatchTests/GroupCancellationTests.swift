import ActionDispatch
import ActionDispatchTesting
import Testing

/// `dispatchGroup`: "Cancelling the awaiting task cancels every member"; "The actions that were
/// cancelled, superseded or dropped".
@MainActor
extension GroupTests {
  @Test func cancellingTheGroupsTaskAfterOneMemberSucceededReportsThatOneSucceededAndTheRestCancelled() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a, .b, .c])
    let gate = Gate()
    let done = Gate()
    let delivered = AdvBox<[AdvAction]>([])
    let group = Task { @MainActor in
      await viewModel.dispatchGroup([
        GroupedAction(
          .a, task: { 1 },
          onSuccess: { _ in
            delivered.value.append(.a)
            done.open()
          }),
        GroupedAction(
          .b,
          task: { () async throws -> Int in
            try await gate.pass()
            return 2
          }),
        GroupedAction(
          .c,
          task: { () async -> Int in
            await gate.passIgnoringCancellation()
            return 3
          }
        ) {
          _ in delivered.value.append(.c)
        },
      ])
    }
    await gate.arrivals(2)
    try? await done.pass()
    group.cancel()
    await listeners.heard(.cancelled, of: .b)
    await listeners.heard(.cancelled, of: .c)
    gate.open()  // c's work ignored the cancel and now returns 3: too late to count
    let result = await group.value
    #expect(result == DispatchGroupResult(succeeded: [.a], cancelled: [.b, .c]))
    #expect(delivered.value == [.a], "a cancelled member delivered")
    #expect(listeners.violations() == [])
  }

  @Test func aGroupStartedFromAnAlreadyCancelledTaskCancelsEveryMemberAndDeliversNothing() async {
    let viewModel = AdvViewModel()
    let delivered = AdvBox(false)
    let group = Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      return await viewModel.dispatchGroup([
        GroupedAction(
          .a,
          task: { () async throws -> Int in
            try await Gate().pass()
            return 1
          }
        ) { _ in
          delivered.value = true
        },
        GroupedAction(.b, policy: .debounce(.seconds(1)), task: { 2 }) { _ in delivered.value = true },
      ])
    }
    let result = await group.value
    #expect(result == DispatchGroupResult(cancelled: [.a, .b]))
    #expect(!delivered.value && !viewModel.isAnyLoading)
  }

  @Test func twoDebouncedMembersOfOneActionReportTheSupersededOneCancelledInGivenOrder() async {
    let clock = TestClock()
    let viewModel = AdvViewModel(clock: clock)
    let values = AdvBox<[Int]>([])
    let group = Task { @MainActor in
      await viewModel.dispatchGroup([
        GroupedAction(.a, policy: .debounce(.milliseconds(100)), task: { 1 }) { values.value.append($0) },
        GroupedAction(.b, task: { 9 }),
        GroupedAction(.a, policy: .debounce(.milliseconds(100)), task: { 2 }) { values.value.append($0) },
      ])
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    let result = await group.value
    #expect(result == DispatchGroupResult(succeeded: [.b, .a], cancelled: [.a]))
    #expect(values.value == [2])
  }
}
