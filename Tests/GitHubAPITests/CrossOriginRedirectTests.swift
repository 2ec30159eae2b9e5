import ActionDispatchTesting
import FakeGitHubServer
import Foundation
import GitHubAPI
import Testing

/// A redirect to another origin (here: another port on loopback) is refused for every method,
/// over real HTTP: nothing is sent there, nothing comes from there, and the error says so. A
/// redirect on the API's own origin is followed.
@Suite struct CrossOriginRedirectTests {
  private struct Servers {
    let api: FakeGitHubServer
    let elsewhere: FakeGitHubServer

    init() throws {
      api = try FakeGitHubServer()
      elsewhere = try FakeGitHubServer()
      api.addUser("octocat", followers: 90)
      elsewhere.addUser("octocat", followers: 90)
      elsewhere.addUser("mallory", followers: 0, name: "Not from the API")
    }

    var client: GitHubClient {
      GitHubClient(
        configuration: .init(baseURL: api.baseURL, token: "t0ken", maxRetries: 0, clock: ImmediateClock()),
        httpClient: DefaultHTTPClient(timeout: .seconds(60)))
    }

    /// `path` on the other server, as a `Location`.
    func there(_ path: String) -> String {
      elsewhere.baseURL.absoluteString + path
    }

    var refused: (Int) -> GitHubError {
      { .redirectRefused(status: $0, location: "http://127.0.0.1:\(elsewhere.port)") }
    }

    func stop() {
      api.stop()
      elsewhere.stop()
    }
  }

  @Test(arguments: [301, 302, 303, 307, 308])
  func aProfileRedirectedToAnotherOriginIsRefused(status: Int) async throws {
    let servers = try Servers()
    defer { servers.stop() }
    servers.api.respond(to: "/users/octocat", with: .redirect(status, to: servers.there("/users/mallory")))

    await #expect(throws: servers.refused(status)) { try await servers.client.profile(of: "octocat") }
    #expect(servers.elsewhere.requestCount == 0)
  }

  @Test func aSecondPageRedirectedToAnotherOriginAddsNoFollower() async throws {
    let servers = try Servers()
    defer { servers.stop() }
    let elsewhere = servers.there("/users/octocat/followers?per_page=30&page=2")
    servers.api.setHandler { request in
      request.queryItems["page"] == "2" ? .redirect(302, to: elsewhere) : nil
    }
    let client = servers.client
    let first = try await client.followers(of: "octocat", page: 1, perPage: 30)
    let next = try #require(first.next)

    await #expect(throws: servers.refused(302)) { try await client.followersPage(at: next) }
    #expect(servers.elsewhere.requestCount == 0)
  }

  @Test func aSearchRedirectedToAnotherOriginIsRefused() async throws {
    let servers = try Servers()
    defer { servers.stop() }
    servers.api.respond(to: "/search/users", with: .redirect(307, to: servers.there("/search/users?q=mallory")))

    await #expect(throws: servers.refused(307)) { try await servers.client.searchUsers("octo") }
    #expect(servers.elsewhere.requestCount == 0)
  }

  @Test(arguments: [307, 308])
  func aFollowOrUnfollowRedirectedToAnotherOriginIsNotDone(status: Int) async throws {
    let servers = try Servers()
    defer { servers.stop() }
    // The other origin would answer 204, the "done" of a follow the API never made.
    servers.api.respond(to: "/user/following/amber-otter", with: .redirect(status, to: servers.there("/x")), times: 2)
    servers.elsewhere.setHandler { _ in FakeResponse(status: 204) }
    let client = servers.client

    await #expect(throws: servers.refused(status)) { try await client.follow("amber-otter") }
    await #expect(throws: servers.refused(status)) { try await client.unfollow("amber-otter") }
    #expect(servers.api.requests.map(\.method) == ["PUT", "DELETE"])
    #expect(servers.elsewhere.requestCount == 0)
  }

  @Test func aFollowRedirectedOnTheAPIsOwnOriginIsFollowedWithItsMethod() async throws {
    let servers = try Servers()
    defer { servers.stop() }
    servers.api.respond(to: "/user/following/amber-otter", with: .redirect(307, to: "/user/following/amber-heron"))

    try await servers.client.follow("amber-otter")

    #expect(servers.api.requests.map(\.method) == ["PUT", "PUT"])
    #expect(servers.api.requests.map(\.path) == ["/user/following/amber-otter", "/user/following/amber-heron"])
    #expect(servers.api.requests.allSatisfy { $0.header("authorization") == "Bearer t0ken" })
  }

  @Test func theErrorSaysWhatHappenedAndWhatToDo() {
    let text = GitHubError.redirectRefused(status: 307, location: "http://127.0.0.1:9090").description
    #expect(
      text
        == "GitHub answered with HTTP 307, a redirect to http://127.0.0.1:9090, which is not the API's origin; "
        + "it was not followed, and nothing was sent there. "
        + "Check the API URL (--api-url): if the API really moved, use its new address.")
  }
}
