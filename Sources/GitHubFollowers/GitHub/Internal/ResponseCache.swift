import Foundation

/// What a ``GitHubClient`` remembers between requests, shared by all copies of the client:
/// each URL's last `200` with its `ETag` (for conditional requests), and the latest rate-limit
/// counters.
///
/// Entries are keyed by URL and by whether the request carried a token, because GitHub's
/// answers differ with authentication (`Vary: Authorization`). The oldest entries are
/// dropped beyond `capacity`.
actor ResponseCache {
  struct Key: Hashable {
    var url: String
    var authenticated: Bool
  }

  struct Entry {
    var etag: String
    var response: HTTPResponse
  }

  private let capacity: Int
  private var entries: [Key: Entry] = [:]
  private var order: [Key] = []
  private(set) var latestRateLimit: RateLimit?

  init(capacity: Int = 512) {
    self.capacity = max(1, capacity)
  }

  func entry(for key: Key) -> Entry? {
    entries[key]
  }

  func store(_ response: HTTPResponse, etag: String, for key: Key) {
    if entries.updateValue(Entry(etag: etag, response: response), forKey: key) == nil {
      order.append(key)
    }
    while order.count > capacity {
      entries[order.removeFirst()] = nil
    }
  }

  func remove(_ key: Key) {
    if entries.removeValue(forKey: key) != nil {
      order.removeAll { $0 == key }
    }
  }

  func record(_ rateLimit: RateLimit) {
    latestRateLimit = rateLimit
  }
}
