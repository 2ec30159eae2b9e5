import ActionDispatch
import Observation

enum StarAction: ActionIdType {
  case star
}

/// What the server holds: written only by a run whose work completed.
@MainActor
final class StarServer {
  var starred = false
}

/// A toggle written as the docs write it: the change and its rollback are given to `dispatch`.
@MainActor
@Observable
final class StarViewModel: BaseViewModel<StarAction> {
  private(set) var starred = false
  @ObservationIgnored private(set) var changesMade = 0
  @ObservationIgnored private(set) var rollbacks = 0

  /// Taps the star: sets it to the opposite of what the row shows, optimistically.
  @discardableResult
  func toggle(
    policy: DispatchPolicy,
    timeout: Duration? = nil,
    work: @escaping @MainActor (_ starred: Bool) async throws -> Void
  ) -> Task<Void, Never> {
    let starred = !self.starred
    return dispatch(
      actionId: .star, policy: policy, timeout: timeout,
      optimistic: { viewModel in
        let before = viewModel.starred
        viewModel.starred = starred
        viewModel.changesMade += 1
        return { viewModel in
          viewModel.starred = before
          viewModel.rollbacks += 1
        }
      },
      task: { try await work(starred) })
  }
}
