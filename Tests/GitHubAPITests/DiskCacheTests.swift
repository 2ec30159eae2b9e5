import FakeGitHubServer
import Foundation
import Testing

@testable import GitHubAPI
@testable import HTTPTransport

/// `DiskCache`: the client's answers kept on disk between runs, with a maximum age, a byte
/// limit, and entries that belong to one URL and one token.
@Suite struct DiskCacheTests {
  /// Digests from FIPS 180-4's examples, the empty message and the padding's edges (from Python's hashlib).
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (String(repeating: "a", count: 1_000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    // The padding's edges: 55 bytes fit one block with the length, 56 need a second, 64 fill one.
    (String(repeating: "a", count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
    (String(repeating: "a", count: 56), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
    (String(repeating: "a", count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
  ])
  func sha256MatchesTheStandardsExamples(message: String, digest: String) {
    #expect(SHA256.hex(Array(message.utf8)) == digest)
  }

  /// A cache in a new directory, with a wall clock the test moves.
  final class Fixture: Sendable {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("disk-cache-\(UUID().uuidString)").resolvingSymlinksInPath()
    let clock = LockedState(Date(timeIntervalSince1970: 1_800_000_000))

    func cache(maxAge: Duration = .seconds(60), byteLimit: Int = 1 << 20) -> DiskCache {
      DiskCache(directory: directory, maxAge: maxAge, byteLimit: byteLimit) { [clock] in clock.withLock { $0 } }
    }

    func advance(by seconds: TimeInterval) {
      clock.withLock { $0 += seconds }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
  }

  static func response(_ text: String) -> HTTPResponse {
    HTTPResponse(statusCode: 200, headers: ["ETag": "W/\"\(text.count)\""], body: Data(text.utf8))
  }

  @Test func anEntryIsFreshForItsMaximumAgeThenOnlyRevalidated() async {
    let fixture = Fixture()
    let key = ResponseCache.Key(url: "https://api.example/users/mona", authenticated: true)
    await ResponseCache(disk: fixture.cache(), token: "t").store(Self.response("mona"), etag: "W/\"1\"", for: key)

    let later = ResponseCache(disk: fixture.cache(), token: "t")
    #expect(await later.freshResponse(for: key)?.body == Data("mona".utf8))
    fixture.advance(by: 61)
    #expect(await later.freshResponse(for: key) == nil)
    #expect(await later.entry(for: key)?.etag == "W/\"1\"")

    await later.revalidated(key)
    #expect(await later.freshResponse(for: key)?.body == Data("mona".utf8))
  }

  @Test func anEntryBelongsToItsTokenAndAnonymousRequestsToNone() async {
    let fixture = Fixture()
    let key = ResponseCache.Key(url: "https://api.example/users/mona", authenticated: true)
    await ResponseCache(disk: fixture.cache(), token: "one").store(Self.response("mona"), etag: "W/\"1\"", for: key)

    #expect(await ResponseCache(disk: fixture.cache(), token: "two").entry(for: key) == nil)
    #expect(await ResponseCache(disk: fixture.cache(), token: nil).entry(for: key) == nil)
    let anonymous = ResponseCache.Key(url: key.url, authenticated: false)
    #expect(await ResponseCache(disk: fixture.cache(), token: "one").entry(for: anonymous) == nil)
    #expect(await ResponseCache(disk: fixture.cache(), token: "one").entry(for: key) != nil)
  }

  @Test func theOldestEntriesGoOnceTheTotalPassesTheByteLimit() async throws {
    let fixture = Fixture()
    let cache = ResponseCache(disk: fixture.cache(byteLimit: 40_000), token: nil)
    let body = String(repeating: "x", count: 4_000)
    for page in 1...40 {
      let key = ResponseCache.Key(url: "https://api.example/page/\(page)", authenticated: false)
      await cache.store(Self.response(body), etag: "W/\"\(page)\"", for: key)
      fixture.advance(by: 1)
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path)
    let total = try files.reduce(0) { sum, name in
      let attributes = try FileManager.default.attributesOfItem(
        atPath: fixture.directory.appendingPathComponent(name).path)
      return sum + ((attributes[.size] as? Int) ?? 0)
    }
    #expect(total <= 40_000)
    #expect(!files.isEmpty)
    let reader = ResponseCache(disk: fixture.cache(byteLimit: 40_000), token: nil)
    let newest = ResponseCache.Key(url: "https://api.example/page/40", authenticated: false)
    #expect(await reader.entry(for: newest) != nil)
  }

  @Test func twoWritersAtOnceNeverLeaveAnUnreadableEntry() async {
    let fixture = Fixture()
    let key = ResponseCache.Key(url: "https://api.example/users/mona", authenticated: false)
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<2 {
        group.addTask {
          let cache = ResponseCache(disk: fixture.cache(), token: nil)
          for round in 0..<100 {
            await cache.store(Self.response("writer \(writer) round \(round)"), etag: "W/\"\(round)\"", for: key)
          }
        }
      }
      group.addTask {
        for _ in 0..<200 {
          let reader = ResponseCache(disk: fixture.cache(), token: nil)
          // Before the first write there is nothing; after it, always a whole entry.
          if let entry = await reader.entry(for: key) {
            #expect(String(decoding: entry.response.body, as: UTF8.self).hasPrefix("writer "))
          }
        }
      }
    }
    #expect(await ResponseCache(disk: fixture.cache(), token: nil).entry(for: key) != nil)
  }

  @Test func theDefaultDirectoryFollowsXDGThenHome() {
    #expect(
      DiskCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/me"])?.path
        == "/x/cache/action-dispatch")
    #expect(DiskCache.defaultDirectory(environment: ["HOME": "/home/me"])?.path == "/home/me/.cache/action-dispatch")
    #expect(
      DiskCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/me"])?.path
        == "/home/me/.cache/action-dispatch")
    #expect(DiskCache.defaultDirectory(environment: [:]) == nil)
  }

  @Test func theClientServesAFreshEntryWithoutARequestAndRevalidatesAStaleOne() async throws {
    let fixture = Fixture()
    let server = try FakeGitHubServer()
    server.addUser("mona", followers: 3, name: "Mona")
    var configuration = GitHubClient.Configuration(baseURL: server.baseURL, maxRetries: 0)
    configuration.diskCache = fixture.cache(maxAge: .seconds(60))

    let first = try await GitHubClient(configuration: configuration).profile(of: GitHubUsername("mona"))
    let again = try await GitHubClient(configuration: configuration).profile(of: GitHubUsername("mona"))
    #expect(again == first)
    #expect(server.requestCount == 1)

    fixture.advance(by: 61)
    let revalidated = try await GitHubClient(configuration: configuration).profile(of: GitHubUsername("mona"))
    #expect(revalidated == first)
    #expect(server.requestCount == 2)
    #expect(server.requests.last?.header("if-none-match") != nil)
    #expect(server.rateLimitUsed(for: "core") == 1)
  }
}
