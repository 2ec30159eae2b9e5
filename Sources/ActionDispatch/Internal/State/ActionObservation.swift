import Observation

/// The one mechanism behind the view model's observable state: per action, whether it is loading,
/// its error and whether its indicator shows, and whether any action is loading.
///
/// Each of those is a key path of its own on one registrar (`\.[loading: key]`,
/// `\.[failure: key]`, `\.[showingLoading: key]`, `\.anyLoading`), read and changed the same
/// way whether or not the action has state: a view that reads action A is not invalidated by
/// anything that happens to action B, a reader of an action's error is not invalidated when it
/// merely starts loading, and a view that read an idle action is invalidated when it starts or
/// fails.
///
/// It remembers nothing per read: a read outside Observation tracking costs a key path that is
/// gone when the read returns, and a tracked read is kept by Observation itself until its
/// tracking ends. The values live in the view model's ``ActionState``s; this type owns only its
/// registrar.
///
/// Not generic on purpose: a generic class's key paths are built at run time (demangling
/// included) on every access. Used on the main actor only.
final class ActionObservation: Observable {
  private let registrar = ObservationRegistrar()
  /// Whether anything was read through the view model's observable accessors yet: until then no
  /// one can be tracking, and a change is a plain store, with no key path made and no registrar
  /// asked.
  ///
  /// The one speed-up kept here. Without it, every change pays a key path, an `AnyHashable` and
  /// the registrar's lock even in a view model no one reads. The gated "keyed actions: 100000
  /// distinct rows" row (target ≤ 1.5× hand-written), which reads no row, fails without it:
  /// 2.75× and 2.98× hand-written with this always `true`, 1.47× and 1.40× as it is, measured
  /// interleaved on the same loaded 2-core machine (issue 30).
  private var wasRead = false

  init() {}

  /// The key path of an action's loading; only its identity matters.
  subscript(loading key: AnyHashable) -> Bool { false }
  /// The key path of an action's error; only its identity matters.
  subscript(failure key: AnyHashable) -> Bool { false }
  /// The key path of an action's loading indicator; only its identity matters.
  subscript(showingLoading key: AnyHashable) -> Bool { false }
  /// The key path of ``BaseViewModel/isAnyLoading``; only its identity matters.
  var anyLoading: Bool { false }

  /// Registers a read of an action's loading with whoever is tracking.
  func readLoading<Key: Hashable>(_ key: Key) {
    wasRead = true
    registrar.access(self, keyPath: \.[loading: AnyHashable(key)])
  }

  /// Registers a read of an action's error with whoever is tracking.
  func readFailure<Key: Hashable>(_ key: Key) {
    wasRead = true
    registrar.access(self, keyPath: \.[failure: AnyHashable(key)])
  }

  /// Registers a read of an action's loading indicator with whoever is tracking.
  func readShowingLoading<Key: Hashable>(_ key: Key) {
    wasRead = true
    registrar.access(self, keyPath: \.[showingLoading: AnyHashable(key)])
  }

  /// Registers a read of whether any action is loading with whoever is tracking.
  func readAnyLoading() {
    wasRead = true
    registrar.access(self, keyPath: \.anyLoading)
  }

  /// Makes a change to an action's loading, telling whoever tracks it.
  @inline(__always)
  func changeLoading<Key: Hashable>(of key: Key, _ change: () -> Void) {
    guard wasRead else { return change() }
    registrar.withMutation(of: self, keyPath: \.[loading: AnyHashable(key)], change)
  }

  /// Makes a change to an action's error, telling whoever tracks it.
  @inline(__always)
  func changeFailure<Key: Hashable>(of key: Key, _ change: () -> Void) {
    guard wasRead else { return change() }
    registrar.withMutation(of: self, keyPath: \.[failure: AnyHashable(key)], change)
  }

  /// Makes a change to an action's loading indicator, telling whoever tracks it.
  @inline(__always)
  func changeShowingLoading<Key: Hashable>(of key: Key, _ change: () -> Void) {
    guard wasRead else { return change() }
    registrar.withMutation(of: self, keyPath: \.[showingLoading: AnyHashable(key)], change)
  }

  /// Makes a change to whether any action is loading, telling whoever tracks it.
  @inline(__always)
  func changeAnyLoading(_ change: () -> Void) {
    guard wasRead else { return change() }
    registrar.withMutation(of: self, keyPath: \.anyLoading, change)
  }
}
