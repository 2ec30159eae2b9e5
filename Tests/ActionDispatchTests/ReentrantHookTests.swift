import ActionDispatch
import ActionDispatchTesting
import Testing

/// Hooks that re-enter the view model. "Callbacks that re-enter" (Choosing a policy): whatever a
/// hook does takes effect at once, and every listener still sees each run's events in order,
/// exactly one end per run, and `onStatusUpdate(true)`/`(false)` paired per action.
@MainActor
extension ReentrantEffectsTests {
  @Test func aDispatchFromTheIdleStatusUpdateStartsAFreshRunAndEveryListenerSeesBothRunsWhole() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let second = AdvBox<Task<Void, Never>?>(nil)
    viewModel.statusHook = { [weak viewModel] action, isLoading in
      guard action == .a, !isLoading, second.value == nil, let viewModel else { return }
      second.value = viewModel.dispatch(actionId: .a, task: { 2 })
    }
    listeners.attachLate()

    await viewModel.dispatch(actionId: .a, task: { 1 }).value
    await second.value?.value

    #expect(listeners.violations() == [])
    #expect(listeners.kinds(listeners.late, of: .a) == [.started, .succeeded, .started, .succeeded])
    #expect(listeners.phases[.a]?.count == 6)
    #expect(viewModel.statusLog[.a] == [true, false, true, false])
    #expect(!viewModel.isLoading(for: .a))
  }

  @Test func cancelAllFromTheLoadingStatusUpdateEndsEveryRunOnceAndListenersSeeStartedFirst() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a, .b])
    let gate = Gate()
    let other = viewModel.dispatch(actionId: .b, task: { try await gate.pass() })
    viewModel.statusHook = { [weak viewModel] action, isLoading in
      if action == .a && isLoading { viewModel?.cancelAll() }
    }
    listeners.attachLate()

    let run = viewModel.dispatch(actionId: .a, task: { try await gate.pass() })

    #expect(!viewModel.isLoading(for: .a), "cancelAll inside the hook did not end the run at once")
    #expect(!viewModel.isLoading(for: .b))
    #expect(!viewModel.isAnyLoading)
    await run.value
    await other.value
    #expect(listeners.violations() == [])
    #expect(listeners.kinds(listeners.late, of: .a) == [.started, .cancelled])
    #expect(listeners.kinds(listeners.early, of: .b) == [.started, .cancelled])
    #expect(listeners.phases[.a] == ["started", "cancelled", "finished"])
    #expect(viewModel.statusLog[.a] == [true, false])
    #expect(viewModel.statusLog[.b] == [true, false])
    #expect(viewModel.errorMessage(for: .a) == nil)
    #expect(!viewModel.hookLog.contains("error(a)"))
  }

  @Test func aCancelPreviousDispatchFromTheErrorHookClearsTheErrorAndTheFailedRunEndsOnlyOnce() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let gate = Gate()
    let retry = AdvBox<Task<Void, Never>?>(nil)
    viewModel.errorHook = { [weak viewModel] action, _ in
      guard action == .a, retry.value == nil, let viewModel else { return }
      retry.value = viewModel.dispatch(
        actionId: .a, policy: .cancelPrevious, task: { try await gate.pass() })
    }
    listeners.attachLate()

    await viewModel.dispatch(actionId: .a, task: { () throws -> Int in throw TestError() }).value

    #expect(viewModel.isLoading(for: .a))
    #expect(viewModel.errorMessage(for: .a) == nil, "dispatching again must clear the action's error")
    #expect(listeners.violations(settled: false) == [])
    #expect(listeners.kinds(listeners.late, of: .a) == [.started, .failed, .started])
    viewModel.cancel(.a)
    await retry.value?.value
    #expect(listeners.violations() == [])
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .failed, .started, .cancelled])
    #expect(viewModel.errorMessage(for: .a) == nil)
    #expect(viewModel.hookLog.filter { $0 == "error(a)" }.count == 1)
  }

  @Test func cancelAllFromTheGenericSuccessHookKeepsTheSuccessAndEndsEveryOtherRunOnce() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a, .b, .c])
    let gate = Gate()
    let delivered = AdvBox(0)
    var runs = (0..<3).map { _ in
      viewModel.dispatch(
        actionId: .b, task: { try await gate.pass() }, onSuccess: { _, _ in delivered.value += 1 })
    }
    runs.append(
      viewModel.dispatch(
        actionId: .c, task: { await gate.passIgnoringCancellation() },
        onSuccess: { _, _ in delivered.value += 1 }))
    await gate.arrivals(4)
    viewModel.successHook = { [weak viewModel] action, _ in
      if action == .a { viewModel?.cancelAll() }
    }
    listeners.attachLate()

    await viewModel.dispatch(actionId: .a, task: { 1 }).value

    #expect(!viewModel.isAnyLoading, "runs cancelled inside the hook did not end at once")
    #expect(listeners.kinds(listeners.early, of: .a) == [.started, .succeeded])
    #expect(listeners.kinds(listeners.early, of: .b).filter { $0 == .cancelled }.count == 3)
    #expect(listeners.kinds(listeners.early, of: .c) == [.started, .cancelled])
    #expect(listeners.violations() == [])
    gate.open()  // the work of .c ignores cancellation: its task ends when the work returns
    for run in runs { await run.value }  // a run delivers, if ever, before its task completes
    #expect(delivered.value == 0, "a run cancelled by cancelAll delivered its result later")
    #expect(viewModel.statusLog[.b] == [true, false])
    #expect(viewModel.statusLog[.c] == [true, false])
  }

  @Test func clearingTheErrorInsideOnFailureLeavesNoErrorAndTheHookStillHearsTheFailureOnce() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let seenInsideOnFailure = AdvBox<String?>(nil)
    listeners.attachLate()

    await viewModel.dispatch(
      actionId: .a, task: { () throws -> Int in throw TestError(message: "boom") },
      onFailure: { [weak viewModel] _, _ in
        seenInsideOnFailure.value = viewModel?.errorMessage(for: .a)
        viewModel?.clearError(for: .a)
      }
    ).value

    #expect(seenInsideOnFailure.value == "boom", "onFailure runs after errorMessage(for:) reports the error")
    #expect(viewModel.errorMessage(for: .a) == nil)
    #expect(viewModel.failure(for: .a) == nil)
    #expect(viewModel.hookLog == ["status(a,true)", "error(a)", "status(a,false)"])
    #expect(listeners.violations() == [])
    #expect(listeners.phases[.a] == ["started", "failed", "finished"])
    #expect(listeners.late.last?.errorMessage == "boom")
  }

  @Test func aTypedOnSuccessClosureThatDispatchesTheSameActionKeepsBothRunsWholeForEveryone() async {
    let viewModel = AdvViewModel()
    let listeners = AdvListeners(viewModel, actions: [.a])
    let inner = AdvBox<Task<Void, Never>?>(nil)
    let loadingInside = AdvBox<Bool?>(nil)
    listeners.attachLate()

    await viewModel.dispatch(actionId: .a, task: { 1 }) { viewModel, _ in
      loadingInside.value = viewModel.isLoading(for: .a)
      inner.value = viewModel.dispatch(actionId: .a, task: { 2 })
    }.value
    await inner.value?.value

    #expect(loadingInside.value == true, "loading ends after the success closure")
    #expect(listeners.violations() == [])
    #expect(listeners.kinds(listeners.late, of: .a).filter { $0 == .succeeded }.count == 2)
    #expect(viewModel.statusLog[.a]?.last == false)
    #expect(!viewModel.isLoading(for: .a))
  }
}
