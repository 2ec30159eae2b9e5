import ActionDispatchTesting
import FakeGitHubServer
import Foundation
import Testing

@testable import GitHubAPI

/// The client follows a redirect on the API's origin whose body is a gzip bomb: the transport
/// answers at the end of the head (HTTPTransportTests' TransportTests), so the bomb is never read.
@Suite struct RedirectBodyTests {
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
