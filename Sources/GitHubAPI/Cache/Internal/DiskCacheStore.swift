import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files behind a ``DiskCache``: one JSON file an entry, named by the SHA-256 of its URL
/// and token digest, written to a temporary name and renamed into place.
///
/// Used by ``ResponseCache`` only, inside its actor; reads and writes are small and synchronous.
/// Every failure to read is a miss and every failure to write is a skipped write: a cache that
/// cannot work costs requests, never a wrong answer.
final class DiskCacheStore {
  /// What a file holds. `format`, `url` and `token` are checked on every read, so a file from
  /// another version, URL or token is never served.
  struct Stored: Codable {
    static let currentFormat = 1

    var format: Int
    var url: String
    /// The SHA-256 of the token the request carried, or `"anonymous"`.
    var token: String
    /// When the server last confirmed the body: stored, or answered 304.
    var storedAt: Double
    var etag: String
    var status: Int
    var headers: [String: String]
    var body: Data
  }

  let configuration: DiskCache
  /// The files' sizes by name, scanned once; kept up to date by this process's writes.
  private var sizes: [String: Int]?
  private var totalBytes = 0
  private var usable: Bool

  init(_ configuration: DiskCache) {
    self.configuration = configuration
    usable = (try? Self.prepare(configuration.directory)) != nil
  }

  /// The entry for `url` and `token`, with its age; `nil` when there is none or its file is not
  /// a good entry for exactly this URL and token.
  func read(url: String, token: String) -> (stored: Stored, age: Duration)? {
    guard usable else { return nil }
    let path = path(url: url, token: token)
    guard let data = Self.regularFileContents(path, limit: configuration.byteLimit),
      let stored = try? JSONDecoder().decode(Stored.self, from: data),
      stored.format == Stored.currentFormat, stored.url == url, stored.token == token,
      (200...299).contains(stored.status), !stored.etag.isEmpty
    else { return nil }
    let seconds = max(0, configuration.now().timeIntervalSince1970 - stored.storedAt)
    return (stored, .milliseconds(Int64(min(seconds, 1e12) * 1000)))
  }

  /// Writes an entry, then drops the oldest files while the total is over the byte limit.
  func write(_ response: HTTPResponse, etag: String, url: String, token: String) {
    guard usable else { return }
    let stored = Stored(
      format: Stored.currentFormat, url: url, token: token, storedAt: configuration.now().timeIntervalSince1970,
      etag: etag, status: response.statusCode, headers: response.headers, body: response.body)
    guard let data = try? JSONEncoder().encode(stored), data.count <= configuration.byteLimit else { return }
    let name = Self.fileName(url: url, token: token)
    guard Self.writeAtomically(data, to: configuration.directory.appendingPathComponent(name).path) else { return }
    account(name, size: data.count)
  }

  /// Marks an entry confirmed now, after a 304: it is fresh again for the cache's maximum age.
  func touch(_ stored: Stored) {
    var stored = stored
    stored.storedAt = configuration.now().timeIntervalSince1970
    guard let data = try? JSONEncoder().encode(stored) else { return }
    let name = Self.fileName(url: stored.url, token: stored.token)
    if Self.writeAtomically(data, to: configuration.directory.appendingPathComponent(name).path) {
      account(name, size: data.count)
    }
  }

  // MARK: - Files

  static func fileName(url: String, token: String) -> String {
    SHA256.hex(Array("\(url)\n\(token)".utf8)) + ".json"
  }

  private func path(url: String, token: String) -> String {
    configuration.directory.appendingPathComponent(Self.fileName(url: url, token: token)).path
  }

  /// Makes the directory `0700` if it does not exist, and checks that it is a real directory
  /// owned by this user (not a symbolic link), closing it to others if it was open.
  static func prepare(_ directory: URL) throws(DiskCacheError) {
    let path = directory.path
    var info = stat()
    if lstat(path, &info) != 0 {
      do {
        try FileManager.default.createDirectory(
          at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw DiskCacheError(path: path, problem: "it cannot be created")
      }
    }
    guard lstat(path, &info) == 0 else {
      throw DiskCacheError(path: path, problem: "it cannot be read")
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw DiskCacheError(path: path, problem: "it is not a directory (or is a symbolic link)")
    }
    guard info.st_uid == geteuid() else {
      throw DiskCacheError(path: path, problem: "it belongs to another user")
    }
    if info.st_mode & 0o077 != 0, chmod(path, 0o700) != 0 {
      throw DiskCacheError(path: path, problem: "it is open to other users and cannot be closed (chmod 700 it)")
    }
  }

  /// A regular file's bytes, or `nil` for anything else (a link, a directory, an over-size file).
  private static func regularFileContents(_ path: String, limit: Int) -> Data? {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return nil }
    return FileManager.default.contents(atPath: path)
  }

  /// Writes `data` to a new `0600` file beside `path` and renames it over `path`.
  private static func writeAtomically(_ data: Data, to path: String) -> Bool {
    let temporary = path + ".tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return false }
    let written = data.withUnsafeBytes { buffer -> Bool in
      var offset = 0
      while offset < buffer.count {
        let count = Self.systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
    guard close(descriptor) == 0, written, rename(temporary, path) == 0 else {
      unlink(temporary)
      return false
    }
    return true
  }

  private static func modificationTime(_ info: stat) -> Double {
    #if canImport(Darwin)
      Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
    #else
      Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    #endif
  }

  private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
      Darwin.write(descriptor, bytes, count)
    #else
      Glibc.write(descriptor, bytes, count)
    #endif
  }

  // MARK: - Size bound

  private func account(_ name: String, size: Int) {
    if sizes == nil { rescan() }
    totalBytes += size - (sizes?[name] ?? 0)
    sizes?[name] = size
    guard totalBytes > configuration.byteLimit else { return }
    // Another run may have written too: look at the directory itself before dropping files.
    rescan()
    prune(to: configuration.byteLimit - configuration.byteLimit / 10)
  }

  /// Reads every entry's size and modification time from the directory, and removes temporary
  /// files an interrupted run left behind more than an hour ago.
  @discardableResult
  private func rescan() -> [(name: String, size: Int, modified: Double)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: configuration.directory.path)) ?? []
    var files: [(name: String, size: Int, modified: Double)] = []
    let now = configuration.now().timeIntervalSince1970
    for name in names where name.contains(".json") {
      var info = stat()
      let path = configuration.directory.appendingPathComponent(name).path
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      let modified = Self.modificationTime(info)
      if name.hasSuffix(".json") {
        files.append((name, Int(info.st_size), modified))
      } else if name.contains(".json.tmp-"), now - modified > 3600 {
        unlink(path)
      }
    }
    sizes = Dictionary(files.map { ($0.name, $0.size) }, uniquingKeysWith: { first, _ in first })
    totalBytes = files.reduce(0) { $0 + $1.size }
    return files
  }

  /// Removes the least recently written files until the total is at most `target`.
  private func prune(to target: Int) {
    let files = rescan().sorted { $0.modified < $1.modified }
    for file in files where totalBytes > target {
      unlink(configuration.directory.appendingPathComponent(file.name).path)
      totalBytes -= file.size
      sizes?[file.name] = nil
    }
  }
}
