import Foundation

/// The profiles a browser holds: fresh for a while, then shown while they are asked for again;
/// at most ``capacity`` of them, the one shown least recently dropped first; a failure kept
/// briefly, so that moving over a row whose profile failed does not ask again on every move.
///
/// ```swift
/// var store = ProfileStore(capacity: 2)
/// store.store(profile, for: "amber-otter", at: Date())
/// store["amber-otter"]                                  // the profile
/// store.isFresh("amber-otter", at: Date())             // true for five minutes
/// ```
///
/// Logins are matched ignoring case, as GitHub does. Time comes from the caller, so a test
/// drives it.
public struct ProfileStore: Sendable {
  /// How many profiles a browser holds by default.
  public static let defaultCapacity = 1_000
  /// How long a profile is shown without asking the server again: five minutes.
  public static let defaultFreshFor: TimeInterval = 300
  /// How long a failure (a 404, a server error) is shown without asking again: one minute.
  public static let defaultFailureFreshFor: TimeInterval = 60

  private struct Entry: Sendable {
    var profile: UserProfile?
    var failure: String?
    var storedAt: Date
    var failedAt: Date?
    var shown: UInt64
  }

  /// The most profiles (and failures) held.
  public let capacity: Int
  /// How long, in seconds, a profile is fresh.
  public let freshFor: TimeInterval
  /// How long, in seconds, a failure is fresh.
  public let failureFreshFor: TimeInterval
  private var entries: [String: Entry] = [:]
  private var tick: UInt64 = 0

  /// Creates an empty store.
  ///
  /// - Parameters:
  ///   - capacity: The most profiles held; at least 1.
  ///   - freshFor: Seconds a profile is fresh.
  ///   - failureFreshFor: Seconds a failure is fresh.
  public init(
    capacity: Int = defaultCapacity, freshFor: TimeInterval = defaultFreshFor,
    failureFreshFor: TimeInterval = defaultFailureFreshFor
  ) {
    self.capacity = max(1, capacity)
    self.freshFor = freshFor
    self.failureFreshFor = failureFreshFor
  }

  /// How many logins are held (profiles and failures).
  public var count: Int { entries.count }

  /// The profile held for a login, fresh or not.
  ///
  /// - Parameter login: The login, in any case.
  /// - Returns: The profile, or `nil`.
  public subscript(login: String) -> UserProfile? {
    entries[login.lowercased()]?.profile
  }

  /// The error of the login's last request, when it failed and nothing newer succeeded.
  ///
  /// - Parameter login: The login, in any case.
  /// - Returns: The error message, or `nil`.
  public func failure(for login: String) -> String? {
    entries[login.lowercased()]?.failure
  }

  /// Whether the login's profile (or failure) is recent enough to show without asking again.
  ///
  /// - Parameters:
  ///   - login: The login, in any case.
  ///   - now: The time now.
  /// - Returns: `true` within ``freshFor`` of a profile, or ``failureFreshFor`` of a failure.
  public func isFresh(_ login: String, at now: Date) -> Bool {
    guard let entry = entries[login.lowercased()] else { return false }
    if let failedAt = entry.failedAt { return now.timeIntervalSince(failedAt) < failureFreshFor }
    return entry.profile != nil && now.timeIntervalSince(entry.storedAt) < freshFor
  }

  /// Keeps a profile that just arrived; it is fresh from `now`.
  ///
  /// - Parameters:
  ///   - profile: The profile.
  ///   - login: The login it was asked for.
  ///   - now: The time now.
  public mutating func store(_ profile: UserProfile, for login: String, at now: Date) {
    let key = login.lowercased()
    tick &+= 1
    entries[key] = Entry(profile: profile, failure: nil, storedAt: now, failedAt: nil, shown: tick)
    dropLeastRecentlyShown()
  }

  /// Keeps a failure; the profile held before, if any, stays shown.
  ///
  /// - Parameters:
  ///   - message: What went wrong.
  ///   - login: The login it was asked for.
  ///   - now: The time now.
  public mutating func storeFailure(_ message: String, for login: String, at now: Date) {
    let key = login.lowercased()
    tick &+= 1
    var entry = entries[key] ?? Entry(profile: nil, failure: nil, storedAt: now, failedAt: nil, shown: tick)
    entry.failure = message
    entry.failedAt = now
    entry.shown = tick
    entries[key] = entry
    dropLeastRecentlyShown()
  }

  /// Marks a login as shown now, so it is the last to be dropped.
  ///
  /// - Parameter login: The login, in any case.
  public mutating func markShown(_ login: String) {
    let key = login.lowercased()
    guard entries[key] != nil else { return }
    tick &+= 1
    entries[key]?.shown = tick
  }

  /// Makes every profile and failure stale: the next time one is shown, it is asked for again.
  public mutating func invalidateAll() {
    for key in entries.keys {
      entries[key]?.storedAt = .distantPast
      if entries[key]?.failedAt != nil { entries[key]?.failedAt = .distantPast }
    }
  }

  private mutating func dropLeastRecentlyShown() {
    guard entries.count > capacity,
      let oldest = entries.min(by: { $0.value.shown < $1.value.shown })?.key
    else { return }
    entries[oldest] = nil
  }
}
