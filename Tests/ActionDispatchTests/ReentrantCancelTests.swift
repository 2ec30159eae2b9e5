import ActionDispatch
import ActionDispatchTesting
import Testing

/// Issue 22: a run ends the same way whichever path cancelled it, and `cancel(_:)`/`cancelAll()`
/// called from inside a hook or handler end the runs before they return, not after the delivery.
@MainActor
@Suite(.serialExecutor) struct ReentrantCancelTests {
  enum Path: CaseIterable, CustomStringConvertible {
    case cancelAction
    case cancelTask
    case cancelAll

    var description: String {
      switch self {
      case .cancelAction: "cancel(.load)"
      case .cancelTask: "task.cancel()"
      case .cancelAll: "cancelAll()"
      }
    }
  }

  @Test(arguments: Path.allCases)
  func aCancelledHandlerSeesTheActionIdleWhicheverPathCancelledTheRun(path: Path) async {
    let viewModel = TestViewModel()
    var seen: [String] = []
    let token = viewModel.observe {
      On(.load)
        .cancelled { seen.append("cancelled(loading: \(viewModel.isLoading(for: .load)))") }
        .finished { seen.append("finished(loading: \(viewModel.isLoading(for: .load)))") }
    }
    let gate = Gate()
    let task = viewModel.dispatch(
      actionId: .load,
      task: {
        try await gate.pass()
        return 1
      })
    await gate.arrivals(1)
    switch path {
    case .cancelAction: viewModel.cancel(.load)
    case .cancelTask: task.cancel()
    case .cancelAll: viewModel.cancelAll()
    }
    await task.value
    #expect(seen == ["cancelled(loading: false)", "finished(loading: false)"], "\(path)")
    #expect(viewModel.log == ["status(load, true)", "status(load, false)"])
    token.cancel()
  }

  @Test func cancelFromInsideAHandlerEndsTheRunsBeforeItReturns() async {
    let viewModel = RowViewModel()
    let gate = Gate()
    let slow = viewModel.dispatch(
      actionId: .a,
      task: {
        try await gate.pass()
        return 1
      })
    await gate.arrivals(1)
    var loadingAfterCancel: [Bool] = []
    let token = viewModel.observe {
      On(.b).started {
        viewModel.cancel(.a)
        loadingAfterCancel.append(viewModel.isLoading(for: .a))
      }
    }
    await viewModel.dispatch(actionId: .b, task: { 2 }).value
    await slow.value
    #expect(loadingAfterCancel == [false], "cancel(.a) returned while .a was still loading")
    token.cancel()
  }

  @Test func cancelAllFromInsideAHookEndsTheRunsBeforeItReturns() async {
    let viewModel = RowViewModel()
    let gate = Gate()
    let slow = viewModel.dispatch(
      actionId: .a,
      task: {
        try await gate.pass()
        return 1
      })
    await gate.arrivals(1)
    var anyLoadingAfterCancelAll: Bool?
    viewModel.successHook = { [unowned viewModel] action, _ in
      guard action == .b else { return }
      viewModel.cancelAll()
      anyLoadingAfterCancelAll = viewModel.isLoading(for: .a)
    }
    await viewModel.dispatch(actionId: .b, task: { 2 }).value
    await slow.value
    #expect(anyLoadingAfterCancelAll == false, "cancelAll() returned while .a was still loading")
  }

  @Test func aRunDispatchedAfterCancelAllReturnedIsNotCancelledByIt() async {
    let viewModel = RowViewModel()
    viewModel.successHook = { [unowned viewModel] action, _ in
      if action == .b { viewModel.cancelAll() }
    }
    var later: Task<Void, Never>?
    var delivered: [Int] = []
    var endings: [String] = []
    let token = viewModel.observe {
      // A later handler of the same delivery: cancelAll() has returned.
      On(.b).succeeded {
        later = viewModel.dispatch(actionId: .a, task: { 3 }) { _, value in delivered.append(value) }
      }
      On(.a)
        .succeeded { endings.append("succeeded") }
        .cancelled { endings.append("cancelled(loading: \(viewModel.isLoading(for: .a)))") }
    }
    let gate = Gate()
    let slow = viewModel.dispatch(
      actionId: .a,
      task: {
        try await gate.pass()
        return 1
      })
    await gate.arrivals(1)
    await viewModel.dispatch(actionId: .b, task: { 2 }).value
    await slow.value
    await later?.value
    #expect(delivered == [3], "the run dispatched after cancelAll() returned was cancelled by it")
    #expect(endings == ["cancelled(loading: true)", "succeeded"])
    #expect(!viewModel.isLoading(for: .a))
    token.cancel()
  }
}
