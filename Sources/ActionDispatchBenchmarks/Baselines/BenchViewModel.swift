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
    dispatch(actionId: .a, task: work) { self.value = $0 }
  }

  /// The form the docs recommend: the success closure receives the view model, captures nothing.
  func loadPassingViewModel(_ work: @escaping @MainActor () async throws -> Int) -> Task<Void, Never> {
    dispatch(actionId: .a, task: work) { viewModel, value in viewModel.value = value }
  }
}
