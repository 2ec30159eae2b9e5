import ActionDispatch
import ActionDispatchTesting
import Foundation
import Testing

@MainActor
@Suite(.serialExecutor) struct BookkeepingTests {
  @Test func errorIsRecordedEvenWhenOnErrorOverrideSkipsSuper() async {
    let viewModel = TestViewModel()
    await viewModel.dispatch(actionId: .load, task: { () async throws -> Int in throw TestError() }).value
    #expect(viewModel.errorMessage(for: .load) == "Something broke. Try again.")
    #expect(viewModel.failure(for: .load) as? TestError == TestError())
    #expect(viewModel.log.contains("hook.onError(load)"))
  }

  @Test func errorClearsWhenTheActionIsDispatchedAgain() async {
    let viewModel = TestViewModel()
    await viewModel.dispatch(actionId: .load, task: { () async throws -> Int in throw TestError() }).value
    let gate = Gate()
    let retry = viewModel.dispatch(
      actionId: .load,
      task: {
        try await gate.pass()
        return 1
      })
    #expect(viewModel.errorMessage(for: .load) == nil)
    gate.open()
    await retry.value
    #expect(viewModel.errorMessage(for: .load) == nil)
  }

  @Test func errorOfOneActionLeavesOthersAlone() async {
    let viewModel = TestViewModel()
    await viewModel.dispatch(actionId: .load, task: { () async throws -> Int in throw TestError() }).value
    await viewModel.dispatch(actionId: .save, task: { 1 }).value
    #expect(viewModel.errorMessage(for: .load) != nil)
    #expect(viewModel.errorMessage(for: .save) == nil)
  }

  @Test func clearErrorForgetsTheError() async {
    let viewModel = TestViewModel()
    await viewModel.dispatch(actionId: .load, task: { () async throws -> Int in throw TestError() }).value
    viewModel.clearError(for: .load)
    #expect(viewModel.errorMessage(for: .load) == nil)
    #expect(viewModel.failure(for: .load) == nil)
  }

  @Test func errorMessagePrefersLocalizedErrorDescription() async {
    struct Localized: LocalizedError {
      var errorDescription: String? { "You are offline. Connect and retry." }
    }
    let viewModel = TestViewModel()
    await viewModel.dispatch(actionId: .load, task: { () async throws -> Int in throw Localized() }).value
    #expect(viewModel.errorMessage(for: .load) == "You are offline. Connect and retry.")
  }

  @Test func typedOnSuccessReceivesTheResultBeforeTheHook() async {
    let viewModel = TestViewModel()
    await viewModel.dispatch(actionId: .load, task: { 42 }) { _, value in
      viewModel.value = value
      viewModel.log.append("closure(\(value))")
    }.value
    #expect(viewModel.value == 42)
    #expect(viewModel.log == ["status(load, true)", "closure(42)", "hook.onSuccess(load, 42)", "status(load, false)"])
  }

  @Test func theSuccessHookGetsTheResultWithItsOwnType() async {
    let viewModel = ResultTypeViewModel()
    await viewModel.dispatch(actionId: .load, task: { 7 }).value
    await viewModel.dispatch(actionId: .save, task: { "saved" }).value
    await viewModel.dispatch(actionId: .search, task: { [1, 2] }) { _, _ in }.value
    #expect(viewModel.hookTypes == ["load: Int", "save: String", "search: Array<Int>"])
  }
}
