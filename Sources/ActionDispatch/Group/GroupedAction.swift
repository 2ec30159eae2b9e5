/// One member of a ``BaseViewModel/dispatchGroup(_:)``: an action and its work.
///
/// ```swift
/// let result = await dispatchGroup([
///   GroupedAction(.fetchProfile, task: { [service] in try await service.profile(of: login) }) { [weak self] in
///     self?.profile = $0
///   },
///   GroupedAction(.fetchFollowers, task: { [service] in try await service.followers(of: login, page: 1, perPage: 30) }),
/// ])
/// ```
///
/// A member's closures take the value alone (a member does not know the view model's type):
/// capture the view model `weak`, as above, so that releasing it still cancels the group's work.
@MainActor
public struct GroupedAction<ActionId: ActionIdType> {
  /// The action the member runs as.
  public let actionId: ActionId
  let start: @MainActor (BaseViewModel<ActionId>, @escaping @MainActor (RunOutcome) -> Void) -> Task<Void, Never>

  /// Creates a member.
  ///
  /// - Parameters:
  ///   - actionId: The action the work runs as; it gets that action's loading and error state.
  ///   - policy: The re-dispatch policy, as for `dispatch`.
  ///   - retry: How to retry the work when it throws, as for `dispatch`; no retries by default.
  ///   - timeout: The longest the member may take, retries included; it then fails with
  ///     ``ActionTimeoutError`` and counts as failed in the group's result.
  ///   - task: The work.
  ///   - onSuccess: Receives the work's result, typed, on the main actor.
  ///   - onFailure: Receives the member's error, on the main actor, as `dispatch`'s does.
  public init<T>(
    _ actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    retry: RetryPolicy? = nil,
    timeout: Duration? = nil,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)? = nil,
    onFailure: (@MainActor (any Error) -> Void)? = nil
  ) {
    self.actionId = actionId
    self.start = { viewModel, onFinish in
      viewModel.engine.startRun(
        actionId: actionId, policy: policy, retry: retry, timeout: timeout,
        task: task, onSuccess: ActionEngine<ActionId>.ownerless(onSuccess), onFailure: onFailure, onFinish: onFinish)
    }
  }
}
