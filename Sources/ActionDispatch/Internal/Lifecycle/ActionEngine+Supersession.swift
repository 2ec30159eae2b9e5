extension ActionEngine {
  /// Ends the runs of other actions that a dispatch of `actionId` names in `supersedes:`, as it
  /// becomes a run; for ``ActionDispatching/dispatch(actionId:policy:staleTime:supersedes:retry:timeout:optimistic:task:onSuccess:onFailure:oncePerRun:)``.
  ///
  /// Each named action's machine decides (``ActionStateMachine/supersededByAnotherAction(sparing:)``):
  /// its live runs end as cancelled and the dispatch its throttle window holds is dropped. The
  /// dispatching action itself is left to its policy, so its new run is never superseded, and
  /// neither is the run whose callback made the dispatch: a run whose result is being delivered
  /// has already ended and is not live, and a streaming run delivering an element is spared. The
  /// runs end oldest first, whatever the order of the list.
  func supersede(_ actions: [ActionId], by actionId: ActionId) {
    var ended: [(actionId: ActionId, run: Run)] = []
    var seen: [ActionId] = []
    for other in actions where other != actionId && !seen.contains(other) {
      seen.append(other)
      guard let state = states[other] else { continue }
      let (runs, held) = state.machine.supersededByAnotherAction(sparing: elementInDelivery)
      if let held { drop(held, of: other) }
      for run in runs { ended.append((other, run)) }
    }
    ended.sort { $0.run.id < $1.run.id }
    for (other, run) in ended { retire(run, of: other, cancelled: true) }
  }
}
