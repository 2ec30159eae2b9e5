import ActionDispatch
import ActionDispatchTesting
import Testing

/// A subclass as the design card writes it: the three hooks overridden, `dispatch(actionId:task:)`
/// called. It compiles with no warning (CI builds with warnings as errors).
@MainActor
private final class SeedViewModel: BaseViewModel<TestAction> {
  var log: [String] = []

  func load(_ work: @escaping @MainActor () async throws -> Int) -> Task<Void, Never> {
    dispatch(actionId: .load, task: work)
  }

  override func onSuccess<T>(actionId: TestAction, result: T) {
    log.append("onSuccess(\(actionId), \(result))")
  }

  override func onError(actionId: TestAction, error: any Error) {
    log.append("onError(\(actionId), \(error))")
  }

  override func onStatusUpdate(actionId: TestAction, isLoading: Bool) {
    log.append("onStatusUpdate(\(actionId), \(isLoading))")
  }
}

/// Issue 40: the card's hooks are the hooks, one name each, called in the lifecycle's order.
@MainActor
@Suite(.serialExecutor) struct CardHooksTests {
  @Test func aSuccessCallsTheStatusAndSuccessHooksInOrder() async {
    let viewModel = SeedViewModel()
    await viewModel.load { 1 }.value
    #expect(
      viewModel.log == ["onStatusUpdate(load, true)", "onSuccess(load, 1)", "onStatusUpdate(load, false)"])
  }

  @Test func aFailureCallsTheErrorHookAfterTheErrorIsRecorded() async {
    let viewModel = SeedViewModel()
    await viewModel.load { throw TestError(message: "offline") }.value
    #expect(
      viewModel.log == ["onStatusUpdate(load, true)", "onError(load, offline)", "onStatusUpdate(load, false)"])
    #expect(viewModel.errorMessage(for: .load) == "offline")
  }

  @Test func aCancelledRunCallsNoResultHook() async {
    let viewModel = SeedViewModel()
    let gate = Gate()
    let run = viewModel.load {
      try await gate.pass()
      return 1
    }
    viewModel.cancel(.load)
    await run.value
    #expect(viewModel.log == ["onStatusUpdate(load, true)", "onStatusUpdate(load, false)"])
  }

  @Test func theDispatchingBaseOfAViewModelIsItself() {
    let viewModel = SeedViewModel()
    #expect(viewModel.dispatchingBase === viewModel)
  }
}
