import ActionDispatchTesting
import FakeGitHubServer
import Foundation
import Testing

@testable import GitHubAPI

/// A redirect is answered at the end of its head, over real HTTP: its body, however large or
/// compressed, is never read. FoundationNetworking on Linux would read (and inflate) all of it
/// before showing the redirect to anyone, burning a core until the request's deadline.
@Suite struct RedirectBodyTests {
  @Test(arguments: [301, 302, 303, 307, 308])
  func aRedirectIsAnsweredWithItsHeadAndNoBody(status: Int) async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    let location = "/users/monalisa?from=\(status)"
    server.respond(to: "/users/octocat", with: .redirect(status, to: location))
    let http = DefaultHTTPClient(timeout: .seconds(60))

    let response = try await http.send(.get(url: server.baseURL.appending(path: "users/octocat")))

    #expect(response.statusCode == status)
    #expect(response.value(forHTTPHeaderField: "Location") == location)
    #expect(response.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("application/json") == true)
    #expect(response.body.isEmpty)
    // The session goes on working after the stopped transfer.
    server.addUser("monalisa", followers: 0)
    let next = try await http.send(.get(url: server.baseURL.appending(path: "users/monalisa")))
    #expect(next.statusCode == 200)
  }

  @Test func aGzipBombSentAsARedirectsBodyIsNotRead() async throws {
    // 32 MB inflating to 32 GiB. A client that reads a redirect's body before answering takes
    // all of it (and, on FoundationNetworking, copies what it inflated once per 16 KiB piece):
    // then this test fails at its deadline. One that answers at the head leaves the server stuck
    // after what the sockets' buffers hold.
    let server = try FakeGitHubServer()
    defer { server.stop() }
    let transfer = BodyTransfer()
    server.respond(to: "/users/octocat", with: .gzipBomb(inflatedSize: 32 << 30, transfer: transfer, status: 302))
    let http = DefaultHTTPClient(timeout: .seconds(60))

    let response = try await http.send(.get(url: server.baseURL.appending(path: "users/octocat")))

    #expect(response.statusCode == 302)
    #expect(response.value(forHTTPHeaderField: "Location") == "/")
    #expect(response.body.isEmpty)
    let end = await transfer.ended()
    #expect(!end.completed)
    #expect(end.bytesSent < end.bodySize / 2, "sent \(end.bytesSent) of \(end.bodySize) bytes")
  }

  @Test func theClientFollowsARedirectWhoseBodyIsABombOnTheAPIsOrigin() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    server.addUser("monalisa", followers: 3, name: "Mona Lisa")
    let transfer = BodyTransfer()
    server.respond(
      to: "/users/octocat",
      with: .gzipBomb(inflatedSize: 32 << 30, transfer: transfer, status: 307, location: "/users/monalisa"))
    let client = GitHubClient(
      configuration: .init(baseURL: server.baseURL, token: "t0ken", maxRetries: 0, clock: ImmediateClock()),
      httpClient: DefaultHTTPClient(timeout: .seconds(60)))

    let profile = try await client.profile(of: "octocat")

    #expect(profile.login == "monalisa")
    #expect(profile.name == "Mona Lisa")
    #expect(server.requests.map(\.path) == ["/users/octocat", "/users/monalisa"])
    #expect(await !transfer.ended().completed)
  }
}
