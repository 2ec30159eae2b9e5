import Observation

/// Where reads of an idle action are tracked, so a view that read an action with no state is
/// invalidated when that action (and only that action) gets state again.
///
/// Each action is its own key path (`\.[key]`), so tracking one action never invalidates a view
/// that read another. Only actions read while idle are remembered, until they get state.
/// Not generic, for the reason ``ActionState`` gives; used on the main actor only.
final class IdleWatch: Observable {
  private let registrar = ObservationRegistrar()
  /// The idle actions read since they last had state.
  private var watched: Set<AnyHashable> = []

  init() {}

  /// The value an idle read observes; only its key path matters.
  subscript(key: AnyHashable) -> Bool { false }

  /// Records that an idle action was read, for whoever is tracking.
  func read(_ actionId: AnyHashable) {
    watched.insert(actionId)
    registrar.access(self, keyPath: \.[actionId])
  }

  /// Tells the readers of an idle action that it has state now.
  func actionGotState(_ actionId: AnyHashable) {
    guard !watched.isEmpty, watched.remove(actionId) != nil else { return }
    registrar.withMutation(of: self, keyPath: \.[actionId]) {}
  }
}
