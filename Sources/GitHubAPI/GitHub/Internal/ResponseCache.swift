import Foundation

/// What a ``GitHubClient`` remembers between requests, shared by all copies of the client:
/// each URL's last `200` with its `ETag` (for conditional requests), and the latest rate-limit
/// counters.
///
/// Entries are keyed by URL and by whether the request carried a token, because GitHub's
/// answers differ with authentication (`Vary: Authorization`). The oldest entries are
/// dropped beyond `capacity` entries or `byteCapacity` bytes of bodies, so that paging through
/// a million followers keeps a few recent pages, not every page (a page of 100 is about
/// 110 KB); a body larger than `byteCapacity` is not kept.
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
  private let byteCapacity: Int
  private var entries: [Key: Entry] = [:]
  private var order: [Key] = []
  /// The bytes of the bodies in `entries`.
  private var bytes = 0
  private(set) var latestRateLimit: RateLimit?

  init(capacity: Int = 512, byteCapacity: Int = 4 << 20) {
    self.capacity = max(1, capacity)
    self.byteCapacity = max(0, byteCapacity)
  }

  func entry(for key: Key) -> Entry? {
    entries[key]
  }

  func store(_ response: HTTPResponse, etag: String, for key: Key) {
    guard response.body.count <= byteCapacity else {
      remove(key)
      return
    }
    if let old = entries.updateValue(Entry(etag: etag, response: response), forKey: key) {
      bytes -= old.response.body.count
    } else {
      order.append(key)
    }
    bytes += response.body.count
    var dropped = 0
    while order.count - dropped > capacity || bytes > byteCapacity, dropped < order.count {
      if let entry = entries.removeValue(forKey: order[dropped]) { bytes -= entry.response.body.count }
      dropped += 1
    }
    if dropped > 0 { order.removeFirst(dropped) }
  }

  func remove(_ key: Key) {
    if let entry = entries.removeValue(forKey: key) {
      bytes -= entry.response.body.count
      order.removeAll { $0 == key }
    }
  }

  func record(_ rateLimit: RateLimit) {
    latestRateLimit = rateLimit
  }
}
