extension ActionEngine {
  /// A dispatch's `optimistic:` change, as the layers keep it: its closures are given `viewModel`
  /// (the dispatching subclass, held `unowned`: only the view model calls them, from its
  /// own delivery, so it is alive whenever they run).
  @usableFromInline
  func optimisticChange<ViewModel: AnyObject>(
    receiving viewModel: ViewModel, _ optimistic: @escaping @MainActor (ViewModel) -> @MainActor (ViewModel) -> Void
  ) -> OptimisticChange {
    unowned let viewModel = viewModel
    return OptimisticChange { () -> @MainActor () -> Void in
      let rollback = optimistic(viewModel)
      return { rollback(viewModel) }
    }
  }

  /// What makes the change when its dispatch becomes a run (a run's `onAccepted`).
  @usableFromInline
  func making(_ change: OptimisticChange, _ actionId: ActionId) -> @MainActor (Run) -> Void {
    unowned let owner = self
    return { run in owner.makeOptimisticChange(change, in: run.state) }
  }

  /// What resolves the change when its run ends (a run's `onFinish`).
  @usableFromInline
  func settlement(of change: OptimisticChange, _ actionId: ActionId) -> @MainActor (RunOutcome) -> Void {
    unowned let owner = self
    return { outcome in owner.settle(change, of: actionId, outcome) }
  }

  /// Makes a run's optimistic change, as the newest layer of its action's changes.
  ///
  /// Called when a dispatch becomes a run (`onAccepted`), and only then: a dropped dispatch never
  /// makes its change, and a held one makes it when it starts.
  func makeOptimisticChange(_ change: OptimisticChange, in state: ActionState) {
    // Pushed first, then made: a change that dispatches the same action lies under that run's.
    state.optimisticLayers.append(change)
    change.make()
  }

  /// Resolves a run's optimistic change when the run ended.
  ///
  /// - A success keeps it, and settles every older change of the action: they were made under
  ///   it, and it replaced them, so their rollbacks never run (a superseded run's rollback never
  ///   undoes a newer run's change).
  /// - A failure (a timeout included) or a cancellation (a supersession included) rolls it
  ///   back — at once when it is the newest change; otherwise after the newer changes over it
  ///   resolve, and never when one of them succeeds. Rollbacks run newest first, each restoring
  ///   what the change it undoes found.
  ///
  /// The action's entry keeps its layers, and is not reclaimed while it has any: the last run's
  /// end reclaims it here, once its change is settled.
  func settle(_ change: OptimisticChange, of actionId: ActionId, _ outcome: RunOutcome) {
    guard let state = states[actionId], let index = state.optimisticLayers.firstIndex(where: { $0 === change }) else {
      return  // never made (a dropped dispatch), or settled by a newer success
    }
    switch outcome {
    case .succeeded:
      state.optimisticLayers.removeSubrange(...index)
    case .failed, .cancelled:
      change.awaitsRollback = true
      // One layer at a time, reading the layers afresh: a rollback may dispatch or cancel.
      while let newest = state.optimisticLayers.last, newest.awaitsRollback {
        state.optimisticLayers.removeLast()
        newest.rollback?()
      }
    }
    reclaimIfIdle(state, of: actionId)
  }
}

/// One dispatch's optimistic change: made when the dispatch becomes a run, then kept or rolled
/// back when the run ends.
///
/// The changes of one action's live runs are layers, oldest first, in
/// the entry's ``ActionState/optimisticLayers``: each was made over the ones before it, and its rollback
/// restores what was there. See ``ActionEngine/settle(_:of:_:)`` for the order they resolve in.
@MainActor @usableFromInline
final class OptimisticChange {
  /// Makes the change and returns what undoes it; called once, when the run is accepted.
  private var apply: (@MainActor () -> @MainActor () -> Void)?
  /// Undoes the change; set once it was made.
  private(set) var rollback: (@MainActor () -> Void)?
  /// Whether the run ended without success while a newer change still lay over this one: its
  /// rollback waits for the newer change to resolve.
  var awaitsRollback = false

  init(_ apply: @escaping @MainActor () -> @MainActor () -> Void) {
    self.apply = apply
  }

  /// Makes the change, once.
  func make() {
    guard let apply else { return }
    self.apply = nil
    rollback = apply()
  }
}
