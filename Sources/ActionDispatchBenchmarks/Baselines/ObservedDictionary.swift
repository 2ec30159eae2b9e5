import Observation

/// The least an observable read by key can cost: a main-actor dictionary read that makes one
/// `ObservationRegistrar.access`, through a key path with no argument (made once, by the
/// runtime). What ``QueryCacheReads`` holds a `QueryCache` read against; the peer's
/// (muzix/SwiftUIQuery) figure in the Performance article was timed against the same code.
@MainActor
final class ObservedDictionary: Observable {
  private let registrar = ObservationRegistrar()
  private var values: [String: Int] = [:]

  /// Stores `value` under `key`.
  func set(_ value: Int, for key: String) {
    registrar.withMutation(of: self, keyPath: \.values) { values[key] = value }
  }

  /// The value under `key`, observed as a whole.
  func value(for key: String) -> Int? {
    registrar.access(self, keyPath: \.values)
    return values[key]
  }
}
