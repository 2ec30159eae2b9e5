import FakeGitHubServer
import Foundation
import Testing

/// `action-dispatch profile` and `action-dispatch search` against the fake server.
@Suite struct ProfileAndSearchTests {
  let server: FakeGitHubServer

  init() throws {
    server = try FakeGitHubServer()
    server.addUser("mona", followers: 45, name: "Mona Lisa Octocat")
    server.addUser("monalisa", followers: 3)
  }

  func run(_ arguments: [String]) async throws -> CLIResult {
    try await CLIProcess.run(arguments + ["--api-url", server.baseURL.absoluteString])
  }

  @Test func profileLeavesOutEmptyFields() async throws {
    let result = try await run(["profile", "mona"])
    let expected = """
      LOGIN      mona
      NAME       Mona Lisa Octocat
      TYPE       User
      REPOS      40
      GISTS      10
      FOLLOWERS  45
      FOLLOWING  6
      JOINED     2011-01-25
      URL        https://github.com/mona

      """
    #expect(result == CLIResult(stdout: expected, stderr: "", status: 0))
    #expect(server.requests.map(\.path) == ["/users/mona"])
  }

  @Test func profileAsJSONUsesGitHubsFieldNames() async throws {
    let result = try await run(["profile", "mona", "--json"])
    let expected = """
      {
        "avatar_url" : "https://avatars.githubusercontent.com/u/96953448?v=4",
        "bio" : null,
        "blog" : "",
        "company" : null,
        "created_at" : "2011-01-25T18:44:36Z",
        "email" : null,
        "followers" : 45,
        "following" : 6,
        "hireable" : null,
        "html_url" : "https://github.com/mona",
        "id" : 96953448,
        "location" : null,
        "login" : "mona",
        "name" : "Mona Lisa Octocat",
        "node_id" : "MDQ6VXNlcjk2OTUzNDQ4",
        "public_gists" : 10,
        "public_repos" : 40,
        "site_admin" : false,
        "twitter_username" : null,
        "type" : "User",
        "updated_at" : "2025-01-15T09:30:12Z"
      }

      """
    #expect(result == CLIResult(stdout: expected, stderr: "", status: 0))
  }

  @Test func enterpriseAPIURLKeepsItsPath() async throws {
    let api = server.baseURL.absoluteString + "/api/v3/"
    let result = try await CLIProcess.run(["profile", "mona", "--api-url", api])
    #expect(result.status == 1)  // the fake server serves GitHub.com's paths only
    #expect(server.requests.map(\.path) == ["/api/v3/users/mona"])
  }

  @Test func unknownProfileIsNotFound() async throws {
    let result = try await run(["profile", "ghost"])
    let message =
      #"error: GitHub has no user "ghost" (HTTP 404). Check the spelling; renamed and deleted accounts are not found either."#
    #expect(result == CLIResult(stdout: "", stderr: message + "\n", status: 1))
  }

  @Test func searchPrintsATable() async throws {
    let result = try await run(["search", "mona"])
    let expected = """
      LOGIN     TYPE          URL
      mona      User          https://github.com/mona
      monalisa  User          https://github.com/monalisa

      """
    #expect(result == CLIResult(stdout: expected, stderr: "", status: 0))
    #expect(server.requests.map { $0.queryItems["q"] } == ["mona"])
  }

  @Test func searchSendsTheQueryAsTyped() async throws {
    let result = try await run(["search", "mona type:user followers:>1"])
    #expect(result.status == 0)
    #expect(server.requests.map { $0.queryItems["q"] } == ["mona type:user followers:>1"])
  }

  @Test func searchAsJSONIsOneArray() async throws {
    let result = try await run(["search", "monalisa", "--json"])
    let api = server.baseURL.absoluteString
    let expected = """
      [
        {
          "avatar_url" : "https://avatars.githubusercontent.com/u/90149791?v=4",
          "gravatar_id" : "",
          "html_url" : "https://github.com/monalisa",
          "id" : 90149791,
          "login" : "monalisa",
          "node_id" : "MDQ6VXNlcjkwMTQ5Nzkx",
          "score" : 1,
          "site_admin" : false,
          "type" : "User",
          "url" : "\(api)/users/monalisa",
          "user_view_type" : "public"
        }
      ]

      """
    #expect(result == CLIResult(stdout: expected, stderr: "", status: 0))
  }

  @Test func searchWithoutMatchesIsASuccess() async throws {
    let result = try await run(["search", "nobody"])
    #expect(result == CLIResult(stdout: "", stderr: "No users match \"nobody\".\n", status: 0))
    let json = try await run(["search", "nobody", "--json"])
    #expect(json == CLIResult(stdout: "[]\n", stderr: "", status: 0))
  }

  @Test func searchErrorIsReported() async throws {
    server.respond(to: "/search/users", with: .json(422, #"{"message":"Validation Failed"}"#))
    let result = try await run(["search", "mona"])
    let message =
      "error: GitHub answered with HTTP 422 (Validation Failed), which this client does not handle. "
      + "Check the API URL and the request, then try again.\n"
    #expect(result == CLIResult(stdout: "", stderr: message, status: 1))
  }
}
