/// The deprecated hooks, as requirements: calling them through this protocol, from generic
/// code, reaches a subclass's override without a deprecation warning in this module. The
/// renamed hooks' default implementations call them, so an app that overrides an old hook
/// keeps working.
@MainActor
protocol DeprecatedHooks: AnyObject {
  associatedtype ActionId: ActionIdType
  func onSuccess<T>(actionId: ActionId, result: T)
  func onError(actionId: ActionId, error: any Error)
  func onStatusUpdate(actionId: ActionId, isLoading: Bool)
}

extension BaseViewModel: DeprecatedHooks {}

/// Calls the deprecated ``BaseViewModel/onSuccess(actionId:result:)`` hook.
@MainActor
func callDeprecatedSuccessHook<ViewModel: DeprecatedHooks, T>(
  of viewModel: ViewModel, _ actionId: ViewModel.ActionId, _ result: T
) {
  viewModel.onSuccess(actionId: actionId, result: result)
}

/// Calls the deprecated ``BaseViewModel/onError(actionId:error:)`` hook.
@MainActor
func callDeprecatedFailureHook<ViewModel: DeprecatedHooks>(
  of viewModel: ViewModel, _ actionId: ViewModel.ActionId, _ error: any Error
) {
  viewModel.onError(actionId: actionId, error: error)
}

/// Calls the deprecated ``BaseViewModel/onStatusUpdate(actionId:isLoading:)`` hook.
@MainActor
func callDeprecatedLoadingHook<ViewModel: DeprecatedHooks>(
  of viewModel: ViewModel, _ actionId: ViewModel.ActionId, _ isLoading: Bool
) {
  viewModel.onStatusUpdate(actionId: actionId, isLoading: isLoading)
}
