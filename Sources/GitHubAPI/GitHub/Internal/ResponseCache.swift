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
///
/// With a ``DiskCache``, entries are also kept on disk for later runs: an entry missing from
/// memory is read from there, and one younger than the disk cache's maximum age is served with
/// no request at all (``freshResponse(for:)``).
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

  /// The entries kept between runs, and the digest of the token they are filed under.
  private let disk: (store: DiskCacheStore, tokenDigest: String)?

  init(capacity: Int = 512, byteCapacity: Int = 4 << 20, disk: DiskCache? = nil, token: String? = nil) {
    self.capacity = max(1, capacity)
    self.byteCapacity = max(0, byteCapacity)
    self.disk = disk.map { (DiskCacheStore($0), token.map { SHA256.hex(Array($0.utf8)) } ?? "") }
  }

  /// The response to use without asking the server: a disk entry younger than the disk cache's
  /// maximum age. Always `nil` without a disk cache.
  func freshResponse(for key: Key) -> HTTPResponse? {
    guard let disk, let (stored, age) = disk.store.read(url: key.url, token: diskToken(key)),
      age < disk.store.configuration.maxAge
    else { return nil }
    return HTTPResponse(
      statusCode: stored.status, headers: stored.headers, body: stored.body, url: URL(string: key.url))
  }

  /// The entry to revalidate: this run's, else one a run before it kept on disk.
  func entry(for key: Key) -> Entry? {
    if let entry = entries[key] { return entry }
    guard let disk, let (stored, _) = disk.store.read(url: key.url, token: diskToken(key)) else { return nil }
    return Entry(
      etag: stored.etag,
      response: HTTPResponse(
        statusCode: stored.status, headers: stored.headers, body: stored.body, url: URL(string: key.url)))
  }

  /// The server answered 304 for `key`: its disk entry is fresh again.
  func revalidated(_ key: Key) {
    guard let disk, let (stored, _) = disk.store.read(url: key.url, token: diskToken(key)) else { return }
    disk.store.touch(stored)
  }

  /// The token digest a key's disk entry is filed under: a request sent without the token (to
  /// another origin) is filed as anonymous.
  private func diskToken(_ key: Key) -> String {
    guard key.authenticated, let disk, !disk.tokenDigest.isEmpty else { return "anonymous" }
    return disk.tokenDigest
  }

  func store(_ response: HTTPResponse, etag: String, for key: Key) {
    if let disk { disk.store.write(response, etag: etag, url: key.url, token: diskToken(key)) }
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
