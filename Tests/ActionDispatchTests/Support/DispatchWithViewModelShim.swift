import ActionDispatch

// DELETE THIS FILE when the core adds the overload below (issue 10, item 6); its tests then run
// against the real one. Until then it stands in for it the way the documentation's examples
// work today — the success closure holds the view model strongly for as long as the run's
// task lives — so that `ViewModelReleaseTests` compile on today's core and show what item 6
// describes: a view model released with work in flight is kept alive and still delivered to.
extension BaseViewModel {
  @discardableResult
  func dispatch<T>(
    actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: @escaping @MainActor (Self, T) -> Void
  ) -> Task<Void, Never> {
    let viewModel = self as! Self
    return dispatch(actionId: actionId, policy: policy, retry: retry, timeout: timeout, task: task) { value in
      onSuccess(viewModel, value)
    }
  }
}
