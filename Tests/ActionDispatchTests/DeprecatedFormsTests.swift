import ActionDispatch
import ActionDispatchTesting
import Testing

/// A subclass written before the hooks were renamed: it overrides the deprecated hooks, which
/// still run.
@MainActor
private final class OldHooksViewModel: BaseViewModel<TestAction> {
  var log: [String] = []

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

/// A subclass that overrides both the old and the new success hook: the new one runs, and, as
/// it does not call `super`, the old one does not.
@MainActor
private final class BothHooksViewModel: BaseViewModel<TestAction> {
  var log: [String] = []

  override func onSuccess<T>(actionId: TestAction, result: T) {
    log.append("old")
  }

  override func actionDidSucceed<T>(_ actionId: TestAction, result: T) {
    log.append("new")
  }
}

/// Issue 24: the forms and names it deprecated still compile and still work. The tests are
/// themselves deprecated, so that calling the deprecated forms does not warn.
@MainActor
@Suite(.serialExecutor) struct DeprecatedFormsTests {
  @available(*, deprecated)
  @Test func theValueFormsOfDispatchStillDeliver() async {
    let viewModel = TestViewModel()
    var received: [String] = []
    await viewModel.dispatch(actionId: .load, task: { 1 }) { value in received.append("value \(value)") }.value
    await viewModel.dispatch(actionId: .load, task: { 2 }, onSuccess: { received.append("value \($0)") }).value
    await viewModel.dispatch(
      actionId: .load, task: { () async throws -> Int in throw TestError(message: "no") }, onSuccess: nil
    ) { error in received.append("error \(error)") }.value
    await viewModel.dispatch(
      actionId: .load, task: { 3 }, onSuccess: { received.append("value \($0)") },
      onFailure: { _ in received.append("unexpected") }
    ).value
    #expect(received == ["value 1", "value 2", "error no", "value 3"])
  }

  @available(*, deprecated)
  @Test func theValueFormsOfDispatchAndWaitAndOfAStreamStillDeliver() async {
    let viewModel = TestViewModel()
    var received: [Int] = []
    await viewModel.dispatchAndWait(actionId: .load, task: { 1 }) { received.append($0) }
    await viewModel.dispatch(actionId: .load, elements: { [2, 3].async }) { received.append($0) }.value
    #expect(received == [1, 2, 3])
  }

  @available(*, deprecated)
  @Test func errorForIsErrorMessageForUnderItsOldName() async {
    let viewModel = TestViewModel()
    await viewModel.dispatch(actionId: .load) { () async throws -> Int in throw TestError(message: "offline") }.value
    #expect(viewModel.error(for: .load) == "offline")
    #expect(viewModel.error(for: .load) == viewModel.errorMessage(for: .load))
  }

  @Test func aSubclassOverridingTheOldHooksStillHearsEveryRun() async {
    let viewModel = OldHooksViewModel()
    await viewModel.dispatch(actionId: .load) { 7 }.value
    await viewModel.dispatch(actionId: .save) { () async throws -> Int in throw TestError(message: "no") }.value
    #expect(
      viewModel.log == [
        "onStatusUpdate(load, true)", "onSuccess(load, 7)", "onStatusUpdate(load, false)",
        "onStatusUpdate(save, true)", "onError(save, no)", "onStatusUpdate(save, false)",
      ])
  }

  @Test func anOverrideOfTheNewHookReplacesTheOldOne() async {
    let viewModel = BothHooksViewModel()
    await viewModel.dispatch(actionId: .load) { 7 }.value
    #expect(viewModel.log == ["new"])
  }
}
