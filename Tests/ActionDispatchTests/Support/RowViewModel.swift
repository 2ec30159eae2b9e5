import ActionDispatch
import Observation

/// Actions with a payload, as per-row actions are written: each `row(n)` is an action of its own.
enum RowAction: ActionIdType, CustomStringConvertible {
  case a
  case b
  case row(Int)

  var description: String {
    switch self {
    case .a: "a"
    case .b: "b"
    case .row(let number): "row(\(number))"
    }
  }
}

/// A view model whose hooks call closures a test sets, so a test can re-enter the view model from a hook.
///
/// Like a user's subclass, its overrides do not call `super`.
@MainActor
@Observable
final class RowViewModel: BaseViewModel<RowAction> {
  var value: Int?
  @ObservationIgnored var statusHook: (@MainActor (RowAction, Bool) -> Void)?
  @ObservationIgnored var successHook: (@MainActor (RowAction, Any) -> Void)?
  @ObservationIgnored var errorHook: (@MainActor (RowAction, any Error) -> Void)?

  override func onStatusUpdate(actionId: RowAction, isLoading: Bool) {
    statusHook?(actionId, isLoading)
  }

  override func onSuccess<T>(actionId: RowAction, result: T) {
    successHook?(actionId, result)
  }

  override func onError(actionId: RowAction, error: any Error) {
    errorHook?(actionId, error)
  }
}
