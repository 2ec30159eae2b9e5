/// One dispatch's optimistic change: made when the dispatch becomes a run, then kept or rolled
/// back when the run ends.
///
/// The changes of one action's live runs are layers, oldest first, in
/// ``BaseViewModel/optimisticLayers``: each was made over the ones before it, and its rollback
/// restores what was there. See ``BaseViewModel/settle(_:of:_:)`` for the order they resolve in.
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
