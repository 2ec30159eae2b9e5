import ActionDispatch
import ActionDispatchTesting
import Testing

/// The view model of the call-shape tests: the closures take it, as the docs show.
@MainActor
private final class ShapesViewModel: BaseViewModel<TestAction> {
  var log: [String] = []

  /// Every shape a user writes: each resolves to the one documented form. This repository
  /// builds with `-warnings-as-errors`, so a shape that resolved to a deprecated form, or
  /// became ambiguous, fails the build.
  func dispatchEveryShape(_ fail: Bool) -> [Task<Void, Never>] {
    let work: @MainActor () async throws -> Int = {
      if fail { throw TestError(message: "no") }
      return 1
    }
    return [
      // No closure: the trailing closure is the work.
      dispatch(actionId: .load) { try await work() },
      dispatch(actionId: .load, task: { try await work() }),
      dispatch(actionId: .load, policy: .concurrent, retry: nil, timeout: nil) { try await work() },
      // A success closure alone.
      dispatch(actionId: .load, task: { try await work() }) { viewModel, value in viewModel.log.append("s\(value)") },
      dispatch(actionId: .load, task: { try await work() }, onSuccess: { viewModel, _ in viewModel.log.append("s") }),
      // A failure closure alone: no `onSuccess: nil` needed.
      dispatch(actionId: .load, task: { try await work() }, onFailure: { viewModel, _ in viewModel.log.append("f") }),
      // ... and as older code wrote it, with `onSuccess: nil`.
      dispatch(actionId: .load, task: { try await work() }, onSuccess: nil) { viewModel, _ in viewModel.log.append("f")
      },
      // Both, labelled and as trailing closures.
      dispatch(
        actionId: .load, task: { try await work() }, onSuccess: { viewModel, _ in viewModel.log.append("s") },
        onFailure: { viewModel, _ in viewModel.log.append("f") }),
      dispatch(actionId: .load, task: { try await work() }) { viewModel, _ in
        viewModel.log.append("s")
      } onFailure: { viewModel, _ in
        viewModel.log.append("f")
      },
      // Work that returns nothing.
      dispatch(actionId: .save) { if fail { throw TestError(message: "no") } },
      dispatch(actionId: .save, task: { if fail { throw TestError(message: "no") } }) { viewModel, _ in
        viewModel.log.append("s")
      },
    ]
  }

  /// The same shapes for `dispatchAndWait`.
  func waitForEveryShape(_ fail: Bool) async {
    let work: @MainActor () async throws -> Int = {
      if fail { throw TestError(message: "no") }
      return 1
    }
    await dispatchAndWait(actionId: .load) { try await work() }
    await dispatchAndWait(actionId: .load, task: { try await work() }) { viewModel, _ in viewModel.log.append("s") }
    await dispatchAndWait(
      actionId: .load, task: { try await work() }, onFailure: { viewModel, _ in viewModel.log.append("f") })
    await dispatchAndWait(actionId: .load, task: { try await work() }) { viewModel, _ in
      viewModel.log.append("s")
    } onFailure: { viewModel, _ in
      viewModel.log.append("f")
    }
  }
}

/// Issue 24, "One obvious way to dispatch": a call with no closure, a success closure, a failure
/// closure or both compiles to the one form whose closures take the view model, and each
/// closure runs when it should.
@MainActor
@Suite(.serialExecutor) struct OneWayToDispatchTests {
  @Test func everyShapeOfDispatchCallsItsSuccessClosuresOnly() async {
    let viewModel = ShapesViewModel()
    for run in viewModel.dispatchEveryShape(false) { await run.value }
    #expect(viewModel.log == ["s1", "s", "s", "s", "s"])
    #expect(viewModel.errorMessage(for: .load) == nil && viewModel.errorMessage(for: .save) == nil)
  }

  @Test func everyShapeOfDispatchCallsItsFailureClosuresOnly() async {
    let viewModel = ShapesViewModel()
    for run in viewModel.dispatchEveryShape(true) { await run.value }
    #expect(viewModel.log == ["f", "f", "f", "f"])
    #expect(viewModel.errorMessage(for: .load) == "no" && viewModel.errorMessage(for: .save) == "no")
  }

  @Test func everyShapeOfDispatchAndWaitCallsTheRightClosuresBeforeItReturns() async {
    let viewModel = ShapesViewModel()
    await viewModel.waitForEveryShape(false)
    #expect(viewModel.log == ["s", "s"])
    await viewModel.waitForEveryShape(true)
    #expect(viewModel.log == ["s", "s", "f", "f"])
  }

  @Test func theClosuresDoNotKeepTheViewModelAlive() async {
    let gate = Gate()
    var viewModel: ShapesViewModel? = ShapesViewModel()
    weak let released = viewModel
    let run = viewModel!.dispatch(actionId: .load, task: { try await gate.pass() }) { viewModel, _ in
      viewModel.log.append("s")
    } onFailure: { viewModel, _ in
      viewModel.log.append("f")
    }
    await gate.arrivals(1)
    viewModel = nil
    #expect(released == nil, "a closure of the documented form kept the view model alive")
    await run.value
  }
}
