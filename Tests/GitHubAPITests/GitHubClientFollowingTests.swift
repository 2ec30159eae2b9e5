import ActionDispatchTesting
import FakeGitHubServer
import Foundation
import GitHubAPI
import Testing

/// `follow` and `unfollow` against the fake server: `PUT`/`DELETE /user/following/{username}`
/// with the token, and nothing sent without one.
@Suite struct GitHubClientFollowingTests {
  private func client(_ server: FakeGitHubServer, token: String?) -> GitHubClient {
    GitHubClient(
      configuration: .init(baseURL: server.baseURL, token: token, maxRetries: 0, clock: ImmediateClock()),
      httpClient: DefaultHTTPClient(timeout: .seconds(60)))
  }

  @Test func followAndUnfollowSendPutAndDeleteWithTheToken() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }
    let client = client(server, token: "t0ken")

    #expect(client.followingUnavailableReason == nil)
    try await client.follow("amber-otter")
    try await client.unfollow("amber-otter")

    #expect(server.requests.map(\.method) == ["PUT", "DELETE"])
    #expect(server.requests.map(\.path) == ["/user/following/amber-otter", "/user/following/amber-otter"])
    #expect(server.requests.allSatisfy { $0.headers["authorization"] == "Bearer t0ken" })
  }

  @Test func withoutATokenTheClientSaysFollowingNeedsOne() throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }

    let reason = client(server, token: nil).followingUnavailableReason

    #expect(reason?.contains("GITHUB_TOKEN") == true)
    #expect(server.requestCount == 0)
  }

  @Test func anInvalidUsernameIsRejectedBeforeAnyRequest() async throws {
    let server = try FakeGitHubServer()
    defer { server.stop() }

    let text = "a/b"
    await #expect(throws: GitHubError.self) { try await client(server, token: "t0ken").follow(GitHubUsername(text)) }
    #expect(server.requestCount == 0)
  }
}
