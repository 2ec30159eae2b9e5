import ActionDispatch
import ActionDispatchTesting
import Testing

@MainActor
@Suite(.serialExecutor) struct GroupTests {
  @Test func asyncGroupReportsSucceededAndFailedActions() async {
    let viewModel = TestViewModel()
    var saved: Int?
    let result = await viewModel.dispatchGroup([
      GroupedAction(.load, task: { 1 }),
      GroupedAction(.save, task: { () async throws -> Int in throw TestError() }),
      GroupedAction(.search, task: { 3 }) { saved = $0 },
    ])
    #expect(result == DispatchGroupResult(succeeded: [.load, .search], failed: [.save]))
    #expect(!result.allSucceeded)
    #expect(saved == 3)
    #expect(viewModel.errorMessage(for: .save) != nil)
    #expect(!viewModel.isAnyLoading)
  }

  @Test func membersAreLoadingAsSoonAsTheGroupStarts() async {
    let viewModel = TestViewModel()
    let gate = Gate()
    var result: DispatchGroupResult<TestAction>?
    let group = viewModel.dispatchGroup([
      GroupedAction(.load, task: { try await gate.pass() }),
      GroupedAction(.save, task: { try await gate.pass() }),
    ]) { result = $0 }
    #expect(viewModel.isLoading(for: .load) && viewModel.isLoading(for: .save))
    gate.open()
    await group.value
    #expect(result?.succeeded == [.load, .save])
  }

  @Test func cancellingTheGroupCancelsEveryMember() async {
    let viewModel = TestViewModel()
    let gate = Gate()
    let group = Task { @MainActor in
      await viewModel.dispatchGroup([
        GroupedAction(.load, task: { try await gate.pass() }),
        GroupedAction(.save, task: { try await gate.pass() }),
      ])
    }
    await gate.arrivals(2)
    group.cancel()
    let result = await group.value
    #expect(result.cancelled == [.load, .save])
    #expect(viewModel.errorMessage(for: .load) == nil)
  }
}
