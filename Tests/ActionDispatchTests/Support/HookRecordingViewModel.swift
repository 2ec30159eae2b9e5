import ActionDispatch
import Observation

/// The one hook-recording view model of the tests: its hooks log what they are told and then
/// call a closure the test sets, so a test can make any hook re-enter the view model.
///
/// Generic over the actions, so that each family of suites keeps its own (``AdvViewModel`` for
/// ``AdvAction``, ``RowViewModel`` for ``RowAction``). Like a user's subclass, its overrides do
/// not call `super`.
@MainActor
@Observable
final class HookRecordingViewModel<Action: ActionIdType>: BaseViewModel<Action> {
  /// The last value a test's success closure stored.
  var value: Int?
  /// Every `onStatusUpdate`, per action, in order.
  @ObservationIgnored var statusLog: [Action: [Bool]] = [:]
  /// Every hook call, in order: `success(a)`, `error(a)`, `status(a,true)`.
  @ObservationIgnored var hookLog: [String] = []
  /// Called from `onStatusUpdate(actionId:isLoading:)`, after logging.
  @ObservationIgnored var statusHook: (@MainActor (Action, Bool) -> Void)?
  /// Called from `onSuccess(actionId:result:)`, after logging.
  @ObservationIgnored var successHook: (@MainActor (Action, Any) -> Void)?
  /// Called from `onError(actionId:error:)`, after logging.
  @ObservationIgnored var errorHook: (@MainActor (Action, any Error) -> Void)?

  override func onStatusUpdate(actionId: Action, isLoading: Bool) {
    statusLog[actionId, default: []].append(isLoading)
    hookLog.append("status(\(actionId),\(isLoading))")
    statusHook?(actionId, isLoading)
  }

  override func onSuccess<T>(actionId: Action, result: T) {
    hookLog.append("success(\(actionId))")
    successHook?(actionId, result)
  }

  override func onError(actionId: Action, error: any Error) {
    hookLog.append("error(\(actionId))")
    errorHook?(actionId, error)
  }
}

/// The view model of the adversarial suites.
typealias AdvViewModel = HookRecordingViewModel<AdvAction>

/// The view model of the re-entrancy suites and the schedule worlds.
typealias RowViewModel = HookRecordingViewModel<RowAction>
