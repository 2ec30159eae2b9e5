import ActionDispatch
import Observation

/// Per-row actions, as an app declares them for a Follow button or a thumbnail per cell.
enum KeyedBenchAction: ActionIdType {
  case row(Int)
}

/// A view model built on ActionDispatch with one action per row.
@MainActor
@Observable
final class KeyedBenchViewModel: BaseViewModel<KeyedBenchAction> {
  var lastValue: Int?

  func load(row: Int, _ work: @escaping @MainActor () async throws -> Int) -> Task<Void, Never> {
    dispatch(actionId: .row(row), task: work) { viewModel, value in viewModel.lastValue = value }
  }
}
