import ActionDispatch
import ActionDispatchTesting
import Testing

/// Issue 31, item 5: `Loadable` — a value with its action's loading and error, the last value
/// kept while a new run loads, observable per action.
@MainActor
@Suite(.serialExecutor) struct LoadableTests {
  private func state(_ viewModel: TestViewModel) -> Loadable<Int> {
    viewModel.loadable(\.value, of: .load)
  }

  private func load(
    _ viewModel: TestViewModel, _ work: @escaping @MainActor () async throws -> Int
  ) -> Task<Void, Never> {
    viewModel.dispatch(actionId: .load, task: work) { viewModel, value in viewModel.value = value }
  }

  @Test func idleThenLoadingThenLoaded() async {
    let viewModel = TestViewModel()
    #expect(phase(state(viewModel)) == "idle")
    let gate = Gate()
    let run = load(viewModel) {
      try await gate.pass()
      return 1
    }
    #expect(phase(state(viewModel)) == "loading")
    #expect(!state(viewModel).isRefreshing)
    gate.open()
    await run.value
    #expect(phase(state(viewModel)) == "loaded(1)")
    #expect(!state(viewModel).isLoading)
  }

  @Test func theLastValueStaysWhileANewRunLoadsAndAfterItFails() async {
    let viewModel = TestViewModel()
    await load(viewModel) { 1 }.value
    let gate = Gate()
    let reload = load(viewModel) {
      try await gate.pass()
      throw TestError(message: "offline")
    }

    #expect(phase(state(viewModel)) == "loaded(1)")
    #expect(state(viewModel).isRefreshing)
    gate.open()
    await reload.value

    #expect(phase(state(viewModel)) == "loaded(1)")
    #expect(state(viewModel).errorMessage == "offline")
    #expect(state(viewModel).failure is TestError)
  }

  @Test func aFailureWithoutAValueIsTheFailedPhase() async {
    let viewModel = TestViewModel()
    await load(viewModel) { throw TestError(message: "offline") }.value
    #expect(phase(state(viewModel)) == "failed(offline)")
    viewModel.clearError(for: .load)
    #expect(phase(state(viewModel)) == "idle")
  }

  @Test func readingItIsNotInvalidatedByAnotherAction() async {
    let viewModel = TestViewModel()
    let changes = LockedState(0)
    withObservationTracking {
      _ = state(viewModel)
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    await viewModel.dispatch(actionId: .save, task: { 1 }).value
    #expect(changes.withLock { $0 } == 0)
    let run = load(viewModel) { 2 }
    #expect(changes.withLock { $0 } == 1)
    await run.value
  }

  private func phase(_ loadable: Loadable<Int>) -> String {
    switch loadable.phase {
    case .idle: "idle"
    case .loading: "loading"
    case .loaded(let value): "loaded(\(value))"
    case .failed(let message): "failed(\(message))"
    }
  }
}
