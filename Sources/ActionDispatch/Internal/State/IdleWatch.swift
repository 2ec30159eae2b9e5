import Observation

/// Where reads of an idle action are tracked, so a view that read an action with no state is
/// invalidated when that action (and only that action) changes again.
///
/// Each action's loading and error are key paths of their own (`\.[loading: key]`,
/// `\.[failure: key]`), so tracking one action never invalidates a view that read another, and
/// a reader of an action's error is not invalidated when it merely starts loading. Only actions
/// read while idle are remembered, until they change. Not generic, for the reason
/// ``ActionState`` gives; used on the main actor only.
final class IdleWatch: Observable {
  private let registrar = ObservationRegistrar()
  /// The idle actions whose loading was read since they last had state.
  private var loadingReaders: Set<AnyHashable> = []
  /// The idle actions whose error was read since they last failed.
  private var failureReaders: Set<AnyHashable> = []

  init() {}

  /// The value an idle loading read observes; only its key path matters.
  subscript(loading key: AnyHashable) -> Bool { false }
  /// The value an idle error read observes; only its key path matters.
  subscript(failure key: AnyHashable) -> Bool { false }

  /// Records that an idle action's loading was read, for whoever is tracking.
  func readLoading(_ actionId: AnyHashable) {
    loadingReaders.insert(actionId)
    registrar.access(self, keyPath: \.[loading: actionId])
  }

  /// Records that an idle action's error was read, for whoever is tracking.
  func readFailure(_ actionId: AnyHashable) {
    failureReaders.insert(actionId)
    registrar.access(self, keyPath: \.[failure: actionId])
  }

  /// Tells the loading readers of an idle action that it is loading now.
  ///
  /// Generic, so that no `AnyHashable` is made when no idle action was read (the usual case).
  func actionStartedLoading<Key: Hashable>(_ key: Key) {
    guard !loadingReaders.isEmpty else { return }
    let actionId = AnyHashable(key)
    guard loadingReaders.remove(actionId) != nil else { return }
    registrar.withMutation(of: self, keyPath: \.[loading: actionId]) {}
  }

  /// Tells the error readers of an action that read it while idle that it has an error now.
  func actionFailed<Key: Hashable>(_ key: Key) {
    guard !failureReaders.isEmpty else { return }
    let actionId = AnyHashable(key)
    guard failureReaders.remove(actionId) != nil else { return }
    registrar.withMutation(of: self, keyPath: \.[failure: actionId]) {}
  }
}
