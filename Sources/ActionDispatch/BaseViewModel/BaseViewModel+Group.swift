extension BaseViewModel {
  /// Runs several actions at once and waits for all of them.
  ///
  /// Each member runs as a normal run of its action, with its loading and error state, hooks
  /// and events; all start before this returns control. Cancelling the awaiting task cancels
  /// every member.
  ///
  /// ```swift
  /// let result = await dispatchGroup([
  ///   GroupedAction(.fetchProfile, task: { [service] in try await service.profile(of: login) }),
  ///   GroupedAction(.fetchFollowers, task: { [service] in try await service.followers(of: login, page: 1, perPage: 30) }),
  /// ])
  /// if !result.failed.isEmpty { showRetryBanner() }
  /// ```
  ///
  /// - Parameter actions: The members.
  /// - Returns: Which members succeeded, failed or were cancelled.
  public func dispatchGroup(_ actions: [GroupedAction<ActionId>]) async -> DispatchGroupResult<ActionId> {
    let (handles, outcomes) = startGroup(actions)
    return await Self.awaitGroup(actions, handles: handles, outcomes: outcomes)
  }

  /// Runs several actions at once, then calls `completion` once with how they ended.
  ///
  /// - Parameters:
  ///   - actions: The members.
  ///   - completion: Called on the main actor after the last member ended.
  /// - Returns: A task that ends after `completion`; cancelling it cancels every member.
  @discardableResult
  public func dispatchGroup(
    _ actions: [GroupedAction<ActionId>],
    completion: @escaping @MainActor (DispatchGroupResult<ActionId>) -> Void
  ) -> Task<Void, Never> {
    let (handles, outcomes) = startGroup(actions)
    return Task { @MainActor in
      completion(await Self.awaitGroup(actions, handles: handles, outcomes: outcomes))
    }
  }

  private func startGroup(_ actions: [GroupedAction<ActionId>]) -> ([Task<Void, Never>], GroupOutcomes) {
    let outcomes = GroupOutcomes(count: actions.count)
    let handles = actions.enumerated().map { index, action in
      action.start(self) { outcomes.values[index] = $0 }
    }
    return (handles, outcomes)
  }

  private static func awaitGroup(
    _ actions: [GroupedAction<ActionId>],
    handles: [Task<Void, Never>],
    outcomes: GroupOutcomes
  ) async -> DispatchGroupResult<ActionId> {
    await withTaskCancellationHandler {
      await withTaskGroup(of: Void.self) { group in
        for handle in handles {
          group.addTask { await handle.value }
        }
      }
    } onCancel: {
      for handle in handles { handle.cancel() }
    }
    var result = DispatchGroupResult<ActionId>()
    for (action, outcome) in zip(actions, outcomes.values) {
      switch outcome {
      case .succeeded: result.succeeded.append(action.actionId)
      case .failed: result.failed.append(action.actionId)
      case .cancelled, nil: result.cancelled.append(action.actionId)
      }
    }
    return result
  }
}

/// Where a group's members record how they ended.
@MainActor
private final class GroupOutcomes {
  var values: [RunOutcome?]

  init(count: Int) {
    values = Array(repeating: nil, count: count)
  }
}
