import ActionDispatch
import Observation

/// The actions the benchmarks dispatch.
enum BenchAction: ActionIdType {
  case a
  case b
}

/// A view model built on ActionDispatch, doing what the baselines do.
@MainActor
@Observable
final class BenchViewModel: BaseViewModel<BenchAction> {
  var value: Int?

  func load(_ work: @escaping @MainActor () async throws -> Int) -> Task<Void, Never> {
    dispatch(actionId: .a, task: work) { viewModel, value in viewModel.value = value }
  }

  /// A run written as the docs write one: the work a closure literal at the call site, the
  /// success closure given the view model.
  func loadOne() -> Task<Void, Never> {
    dispatch(actionId: .a, task: { try await BenchWork.one() }) { viewModel, value in viewModel.value = value }
  }
}
