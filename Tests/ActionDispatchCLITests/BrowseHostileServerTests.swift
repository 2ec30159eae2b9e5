import FakeGitHubServer
import Foundation
import Testing

/// `browse` on a pseudo-terminal against a server that tries to get around the client's guards:
/// a follow redirected to another origin, and a profile that is a gzip bomb.
@Suite struct BrowseHostileServerTests {
  private static let size = (columns: 100, rows: 30)

  private static func screen(_ output: String) -> [String] {
    BrowseTests.screen(output, columns: size.columns, rows: size.rows)
  }

  /// `browse octocat` with a token against `server`, once its first page is shown.
  private func start(_ server: FakeGitHubServer) async throws -> CLIProcess {
    let child = try await CLIProcess.start(
      ["browse", "octocat", "--api-url", server.baseURL.absoluteString], environment: ["GITHUB_TOKEN": "t0ken"],
      outputs: .interactive(rows: Self.size.rows), columns: Self.size.columns)
    _ = await child.terminal.wait { Self.screen($0).first?.hasSuffix("3 of 3 loaded") == true }
    return child
  }

  private func server() throws -> FakeGitHubServer {
    let server = try FakeGitHubServer()
    server.addUser("octocat", followers: 3)
    for number in 1...3 { server.addUser("octocat-follower-\(number)", followers: 0) }
    return server
  }

  @Test func aFollowRedirectedToAnotherOriginIsNotShownDone() async throws {
    let server = try server()
    let elsewhere = try FakeGitHubServer()
    defer {
      server.stop()
      elsewhere.stop()
    }
    // The other origin would say 204, the "done" of a follow the API never made.
    elsewhere.setHandler { _ in FakeResponse(status: 204) }
    server.respond(
      to: "/user/following/octocat-follower-1", with: .redirect(307, to: elsewhere.baseURL.absoluteString + "/x"),
      times: nil)
    let child = try await start(server)

    child.pseudoTerminal?.type("f")
    let shown = await child.terminal.wait { Self.screen($0)[2].hasPrefix("› ! octocat-follower-1") }

    #expect(Self.screen(shown)[2].hasPrefix("› ! octocat-follower-1"))
    #expect(!shown.contains("✓"))
    #expect(elsewhere.requestCount == 0)
    #expect(server.requests.contains { $0.method == "PUT" && $0.path == "/user/following/octocat-follower-1" })
    child.pseudoTerminal?.type("q")
    #expect(await child.result().status == 0)
  }

  @Test func aProfileThatIsAGzipBombIsRefusedAndItsTransferStops() async throws {
    let server = try server()
    defer { server.stop() }
    let transfer = BodyTransfer()
    // 32 MB inflating to 32 GiB; the first row's profile loads as soon as the list is shown.
    server.respond(
      to: "/users/octocat-follower-1", with: .gzipBomb(inflatedSize: 32 << 30, transfer: transfer), times: nil)
    let child = try await start(server)

    let shown = await child.terminal.wait { Self.screen($0).contains { $0.contains("MiB") } }
    #expect(Self.screen(shown).joined(separator: " ").contains("32 MiB"))
    // The server is still up: only browse can end the transfer before its end.
    let end = await transfer.ended()
    #expect(!end.completed)
    #expect(end.bytesSent < end.bodySize / 2, "sent \(end.bytesSent) of \(end.bodySize) bytes")
    child.pseudoTerminal?.type("q")
    #expect(await child.result().status == 0)
  }
}
