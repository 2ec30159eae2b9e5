import FakeGitHubServer
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C: the requests in flight are cancelled and the process exits 130 at once. The tests
/// send SIGINT only once the server has the request, by awaiting its arrival.
@Suite struct InterruptTests {
  /// The children run with `--timeout 3600`, so without the interrupt a hung request would
  /// hold them for an hour. Exiting 130 with nothing on stderr already shows the interrupt
  /// ended the run; this bound only tells "at once" from "when the request gave up", with
  /// room for a loaded machine (the suite under ThreadSanitizer beside `yes` processes).
  static let promptly = Duration.seconds(300)

  /// The arguments after the command's own: the fake server, and an hour-long timeout.
  static func against(_ server: FakeGitHubServer) -> [String] {
    ["--api-url", server.baseURL.absoluteString, "--timeout", "3600"]
  }

  @Test func ctrlCWhileWaitingForTheFirstPageExits130() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("mona", followers: 45)
    let arrivals = server.arrivals { _ in FakeResponse(status: 200, behavior: .neverRespond) }
    let child = try await CLIProcess.start(["followers", "mona"] + Self.against(server))
    #expect(await child.requests(from: arrivals, count: 1).count == 1)

    let sent = ContinuousClock.now
    child.send(SIGINT)
    let result = await child.result()

    #expect(result == CLIResult(stdout: "", stderr: "", status: 130))
    #expect(ContinuousClock.now - sent < Self.promptly)
  }

  @Test func firstPageIsPrintedBeforeTheNextArrivesAndCtrlCKeepsIt() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("mona", followers: 150)
    let arrivals = server.arrivals { request in
      request.queryItems["page"] == "1" ? nil : FakeResponse(status: 200, behavior: .neverRespond)
    }
    let child = try await CLIProcess.start(["followers", "mona", "--all"] + Self.against(server))

    // The header and page 1's 100 rows arrive while page 2 is still unanswered.
    let shown = await child.stdout.wait { $0.filter { $0 == "\n" }.count >= 101 }
    #expect(shown == ExpectedOutput.followerTable(of: "mona", 1...100, loginWidth: 17))
    let pages = await child.requests(from: arrivals, count: 2).map { $0.queryItems["page"] }
    #expect(pages == ["1", "2"])

    let sent = ContinuousClock.now
    child.send(SIGINT)
    let result = await child.result()
    #expect(result == CLIResult(stdout: shown, stderr: "", status: 130))
    #expect(ContinuousClock.now - sent < Self.promptly)
  }

  @Test func ctrlCCancelsEveryConcurrentRequest() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("mona", followers: 1_000)
    let arrivals = server.arrivals { request in
      request.queryItems["page"] == "1" ? nil : FakeResponse(status: 200, behavior: .neverRespond)
    }
    let child = try await CLIProcess.start(
      ["followers", "mona", "--all", "--concurrency", "4", "--json"] + Self.against(server))
    // Page 1, then pages 2 to 5 in flight together.
    #expect(await child.requests(from: arrivals, count: 5).count == 5)

    let sent = ContinuousClock.now
    child.send(SIGINT)
    let result = await child.result()
    #expect(result.status == 130)
    #expect(result.stderr == "")
    #expect(ContinuousClock.now - sent < Self.promptly)
    // Page 1 was written as it arrived; Ctrl-C closed the array, so it is still one JSON array.
    let decoded = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    #expect(decoded?.map { $0["login"] as? String } == (1...100).map { "mona-follower-\($0)" })
  }
}
