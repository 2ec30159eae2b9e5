import FakeGitHubServer
import Foundation
import Testing

/// `--cache <duration>` on `followers`, `profile` and `search`: answers kept on disk between runs,
/// used without a request while young, revalidated with `If-None-Match` after, private to the
/// user and to the token that fetched them.
@Suite struct CacheOptionTests {
  let server: FakeGitHubServer
  let cacheHome: URL

  init() throws {
    server = try FakeGitHubServer()
    server.addUser("mona", followers: 45, name: "Mona Lisa Octocat")
    server.addUser("monalisa", followers: 3)
    cacheHome = FileManager.default.temporaryDirectory
      .appendingPathComponent("cache-tests-\(UUID().uuidString)").resolvingSymlinksInPath()
  }

  /// The directory the tool keeps its entries in.
  var cacheDirectory: URL { cacheHome.appendingPathComponent("action-dispatch") }

  func run(_ arguments: [String], token: String? = nil) async throws -> CLIResult {
    var environment = ["XDG_CACHE_HOME": cacheHome.path]
    environment["GITHUB_TOKEN"] = token
    return try await CLIProcess.run(
      arguments + ["--api-url", server.baseURL.absoluteString], environment: environment)
  }

  func entries() throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: cacheDirectory, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "json" }
  }

  @Test(arguments: [
    ["followers", "mona", "--all"], ["profile", "mona"], ["search", "mona"], ["followers", "mona", "--json"],
  ])
  func aSecondRunWithinTheDurationSendsNoRequest(arguments: [String]) async throws {
    defer { try? FileManager.default.removeItem(at: cacheHome) }
    let first = try await run(arguments + ["--cache", "10m"])
    let sent = server.requestCount
    #expect(first.status == 0)
    #expect(sent > 0)

    let second = try await run(arguments + ["--cache", "10m"])
    #expect(second == first)
    #expect(server.requestCount == sent)
  }

  @Test func anOlderAnswerIsRevalidatedAndA304CostsNoRateLimit() async throws {
    defer { try? FileManager.default.removeItem(at: cacheHome) }
    let first = try await run(["profile", "mona", "--cache", "0s"])
    let remaining = server.requests.count

    let second = try await run(["profile", "mona", "--cache", "0s"])
    #expect(second == first)
    let revalidation = try #require(server.requests.last)
    #expect(server.requests.count == remaining + 1)
    #expect(revalidation.header("if-none-match") != nil)
    // The fake server answers a matching If-None-Match with 304 and does not count it, as GitHub.
    let third = try await run(["profile", "monalisa"])
    #expect(third.status == 0)
    #expect(server.rateLimitUsed(for: "core") == 2)
  }

  @Test func anotherTokenNeverReadsWhatOneTokenFetched() async throws {
    defer { try? FileManager.default.removeItem(at: cacheHome) }
    _ = try await run(["profile", "mona", "--cache", "10m"], token: "token-one-secret")
    let sent = server.requestCount

    let other = try await run(["profile", "mona", "--cache", "10m"], token: "token-two-secret")
    #expect(other.status == 0)
    #expect(server.requestCount == sent + 1)
    #expect(server.requests.last?.header("if-none-match") == nil)

    for entry in try entries() {
      let text = try String(contentsOf: entry, encoding: .utf8)
      #expect(!text.contains("token-one-secret") && !text.contains("token-two-secret"))
    }
  }

  @Test func theDirectoryAndItsFilesArePrivate() async throws {
    defer { try? FileManager.default.removeItem(at: cacheHome) }
    _ = try await run(["followers", "mona", "--cache", "1h"])
    let directory = try FileManager.default.attributesOfItem(atPath: cacheDirectory.path)
    #expect((directory[.posixPermissions] as? Int) == 0o700)
    let files = try entries()
    #expect(!files.isEmpty)
    for file in files {
      let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
      #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
  }

  @Test(arguments: ["", "{", "{\"format\":1}", "not json at all \u{1B}[2J"])
  func aBrokenEntryIsIgnoredAndReplaced(contents: String) async throws {
    defer { try? FileManager.default.removeItem(at: cacheHome) }
    let first = try await run(["profile", "mona", "--cache", "1h"])
    for entry in try entries() { try Data(contents.utf8).write(to: entry) }
    let sent = server.requestCount

    let second = try await run(["profile", "mona", "--cache", "1h"])
    #expect(second == first)
    #expect(server.requestCount == sent + 1)
    // Replaced: the third run is answered from the disk again.
    let third = try await run(["profile", "mona", "--cache", "1h"])
    #expect(third == first)
    #expect(server.requestCount == sent + 1)
  }

  @Test func anEntryFiledUnderAnotherURLIsNotServed() async throws {
    defer { try? FileManager.default.removeItem(at: cacheHome) }
    _ = try await run(["profile", "mona", "--cache", "1h"])
    _ = try await run(["profile", "monalisa", "--cache", "1h"])
    let files = try entries().sorted { $0.path < $1.path }
    try #require(files.count == 2)
    // Swap the two files' contents: each is now a well-formed entry for the other URL.
    let (first, second) = (try Data(contentsOf: files[0]), try Data(contentsOf: files[1]))
    try second.write(to: files[0])
    try first.write(to: files[1])
    let sent = server.requestCount

    let mona = try await run(["profile", "mona", "--cache", "1h"])
    #expect(mona.stdout.contains("LOGIN      mona\n"))
    #expect(server.requestCount == sent + 1)
  }

  @Test func anUnusableDirectoryIsANoteAndTheRunGoesOn() async throws {
    defer { try? FileManager.default.removeItem(at: cacheHome) }
    try FileManager.default.createDirectory(at: cacheHome, withIntermediateDirectories: true)
    try Data("a file, not a directory".utf8).write(to: cacheDirectory)
    let result = try await run(["profile", "mona", "--cache", "1h"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("LOGIN      mona\n"))
    #expect(
      result.stderr
        == "note: not caching: cannot cache responses in \(cacheDirectory.path): it is not a directory (or is a "
        + "symbolic link); set XDG_CACHE_HOME to a directory of yours, or run without --cache\n")
  }

  static let cacheExpected = "expected a whole number and a unit (s, m, h or d) up to 30d, such as 90s, 10m, 1h or 1d"

  @Test(arguments: ["10", "1y", "31d", "1.5h", "m", "99999999999d", "１h"])
  func aBadDurationIsAUsageErrorAndSendsNothing(value: String) async throws {
    let result = try await run(["profile", "mona", "--cache", value])
    let stderr =
      "error: invalid value '\(value)' for '--cache <duration>': \(Self.cacheExpected)\n"
      + "Usage: action-dispatch profile <username> [<options>]\nSee 'action-dispatch help profile'.\n"
    #expect(result == CLIResult(stdout: "", stderr: stderr, status: 2))
    #expect(server.requestCount == 0)
  }
}

extension CacheOptionTests {
  @Test func cacheWithDemoIsAConflict() async throws {
    let result = try await CLIProcess.run(["profile", "octocat", "--demo", "--cache", "1h"])
    let stderr =
      "error: '--demo' and '--cache' cannot be used together: --demo sends no request\n"
      + "Usage: action-dispatch profile <username> [<options>]\nSee 'action-dispatch help profile'.\n"
    #expect(result == CLIResult(stdout: "", stderr: stderr, status: 2))
  }
}
