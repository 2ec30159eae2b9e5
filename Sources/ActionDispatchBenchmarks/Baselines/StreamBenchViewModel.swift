import ActionDispatch
import Observation

/// A streaming action on ActionDispatch, doing what ``HandWrittenStreamViewModel`` does.
@MainActor
@Observable
final class StreamBenchViewModel: BaseViewModel<BenchAction> {
  var latest = 0
  var received = 0

  func load(_ elements: CountingSequence) -> Task<Void, Never> {
    dispatch(actionId: .a, elements: { elements }) { viewModel, value in
      viewModel.latest = value
      viewModel.received += 1
    }
  }
}
