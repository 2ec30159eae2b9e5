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

  /// A run written as apps write one: the work a closure literal at the call site. Since the
  /// forms whose closure takes only the value were deprecated, the same as
  /// ``loadOnePassingViewModel()``; kept so the benchmark's rows stay comparable with earlier runs.
  func loadOne() -> Task<Void, Never> {
    dispatch(actionId: .a, task: { try await BenchWork.one() }) { viewModel, value in viewModel.value = value }
  }

  /// The form the docs recommend: the success closure receives the view model, captures nothing.
  func loadOnePassingViewModel() -> Task<Void, Never> {
    dispatch(actionId: .a, task: { try await BenchWork.one() }) { viewModel, value in viewModel.value = value }
  }
}
