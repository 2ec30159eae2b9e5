/// One member of a ``BaseViewModel/dispatchGroup(_:)``: an action and its work.
///
/// ```swift
/// let result = await dispatchGroup([
///   GroupedAction(.fetchProfile, task: { [service] in try await service.profile(of: login) }) { self.profile = $0 },
///   GroupedAction(.fetchFollowers, task: { [service] in try await service.followers(of: login, page: 1, perPage: 30) }),
/// ])
/// ```
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
  ///   - task: The work.
  ///   - onSuccess: Receives the work's result, typed, on the main actor.
  public init<T>(
    _ actionId: ActionId,
    policy: DispatchPolicy = .concurrent,
    task: @escaping @MainActor () async throws -> T,
    onSuccess: (@MainActor (T) -> Void)? = nil
  ) {
    self.actionId = actionId
    self.start = { viewModel, onFinish in
      viewModel.startRun(
        actionId: actionId, policy: policy, retry: nil, timeout: nil,
        task: task, onSuccess: onSuccess, onFailure: nil, onFinish: onFinish)
    }
  }
}
